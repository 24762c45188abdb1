// Refine's accessControlProvider: route names, 'menu:<id>' and 'button:<KEY>' decided for the
// stored user by the shared Access; the server's button list (from the menus cache) narrows buttons.
import { beforeEach, describe, expect, it } from "vitest";
import { buttonHash } from "../../src/access/buttons";
import { accessControlProvider, clearMenusCache, currentSubject, writeMenusCache, MENUS_CACHE_KEY } from "../../src/providers/access-control";
import { memoryStore, sessionStore, setStoredUser, setToken, useStores } from "../../src/providers/session-store";

const can = (resource: string, action = "view") => accessControlProvider.can({ resource, action });

function signInAs(user: Record<string, unknown>) {
  setToken("t");
  setStoredUser(user);
}

beforeEach(() => {
  useStores({ local: memoryStore(), session: memoryStore() });
});

describe("accessControlProvider", () => {
  it("has the options the app relies on", () => {
    expect(accessControlProvider.options).toEqual({
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      queryOptions: { staleTime: 300_000 },
    });
  });

  it("decides route names for an individual member (10)", async () => {
    signInAs({ id: 1, memberType: 10 });
    expect(await can("OrderLists")).toEqual({ can: true });
    expect(await can("EnterpriseStall")).toEqual({ can: false, reason: "您没有权限访问此页面" });
    expect(await can("credit_member_list")).toMatchObject({ can: false }); // an alias of EnterpriseStall
    expect(await can("DomesticAirTicketQuery")).toEqual({ can: true }); // not governed by the tree
  });

  it("decides menus and buttons by id and key", async () => {
    signInAs({ id: 7, memberType: 70, creditMemberId: 9 });
    expect(await can("menu:5")).toEqual({ can: true });
    expect(await can("menu:23")).toMatchObject({ can: false });
    expect(await can("button:COMPANY_CENTRAL_INDEX")).toEqual({ can: true });
    expect(await can("button:PERSONAL_CENTRAL_INDEX")).toMatchObject({ can: false });
  });

  it("narrows buttons to the server's list once the menus are cached, for that user only", async () => {
    signInAs({ id: 7, memberType: 70, creditMemberId: 9 });
    writeMenusCache("7", "zh", { menus: [], buttons: [], buttonList: [] });
    expect(sessionStore().getItem(MENUS_CACHE_KEY)).not.toBeNull();
    expect(await can("button:COMPANY_CENTRAL_INDEX")).toMatchObject({ can: false });
    writeMenusCache("7", "zh", { menus: [], buttons: [], buttonList: [{ id: 1, key: buttonHash("COMPANY_CENTRAL_INDEX") }] });
    expect(await can("button:COMPANY_CENTRAL_INDEX")).toEqual({ can: true });
    // Another user's cache is ignored.
    writeMenusCache("8", "zh", { menus: [], buttons: [], buttonList: [] });
    expect(currentSubject()?.buttons).toBeUndefined();
    clearMenusCache();
    expect(sessionStore().getItem(MENUS_CACHE_KEY)).toBeNull();
  });

  it("treats a stored user without a token as a guest", async () => {
    setStoredUser({ id: 7, memberType: 70, creditMemberId: 9 });
    expect(currentSubject()).toBeNull();
    expect(await can("OrderLists")).toMatchObject({ can: false });
    expect(await can("index")).toEqual({ can: true });
  });
});
