// One policy, two enforcers: the portal's accessControlProvider and the server each build their
// own Casbin enforcer from the same model and policy text. A line changed in a copy of that text
// changes the browser's answer (the menu, the page, the API resource) and the server's (its menu
// reply, the route's answer) together, and putting the line back restores both.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, freshClient, login } from "./account-helpers";
import { currentPolicy, generatePolicy, getAccess, replacePolicy, type MenuNode } from "../../src/access";
import { getServerAccess } from "../../server/services/casbin-access";
import { accessControlProvider } from "../../src/providers/access-control";
import { memoryStore, setStoredUser, setToken, useStores } from "../../src/providers/session-store";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(() => {
  freshClient();
  useStores({ local: memoryStore(), session: memoryStore() });
});
afterEach(() => replacePolicy(undefined));

/** Signs the company administrator (70) in on the server, and in the browser's stores. */
async function signInAdmin(): Promise<string> {
  const token = await login(h.app, "13800000070");
  const info = await call(h.app, "/member/info", { token });
  expect(info.body.ret, info.body.msg).toBe(0);
  setToken(token);
  setStoredUser(info.body.data);
  return token;
}

const browserCan = async (resource: string) => (await accessControlProvider.can({ resource, action: "view" })).can;

const flatIds = (nodes: MenuNode[]): number[] => nodes.flatMap((n) => [n.id, ...flatIds(n.children)]);

async function serverMenuIds(token: string): Promise<number[]> {
  const r = await call(h.app, "/member/menus", { token });
  expect(r.body.ret, r.body.msg).toBe(0);
  return flatIds(r.body.data.menus as MenuNode[]);
}

const staffList = async (token: string) =>
  (await call(h.app, "/credit/employee/list", { token, pageNum: 1, pageSize: 10 })).body.ret;

/** The policy with one line replaced; the line must be there, or the test proves nothing. */
function withLine(from: string, to: string): string {
  const lines = generatePolicy().split("\n");
  expect(lines).toContain(from);
  return lines.map((l) => (l === from ? to : l)).join("\n");
}

describe("a changed policy line", () => {
  it("is read by two enforcers, the browser's and the server's", async () => {
    expect(await getAccess()).not.toBe(await getServerAccess());
  });

  it("takes the staff menu from the browser's provider and the server's menus at once", async () => {
    const token = await signInAdmin();
    expect(await browserCan("menu:5")).toBe(true);
    expect(await browserCan("EnterpriseStall")).toBe(true);
    expect(await serverMenuIds(token)).toContain(5);

    // The administrator's line for 企业员工 now names the individual member instead.
    replacePolicy(withLine("p, 70, menu:5, view", "p, 10, menu:5, view"));
    expect(currentPolicy()).not.toContain("p, 70, menu:5, view");
    expect(await browserCan("menu:5")).toBe(false);
    expect(await browserCan("EnterpriseStall")).toBe(false);
    expect(await serverMenuIds(token)).not.toContain(5);
    // Only that item moved: the rest of the administrator's menu is still there on both sides.
    expect(await browserCan("menu:46")).toBe(true);
    expect(await serverMenuIds(token)).toContain(46);

    replacePolicy(undefined);
    expect(await browserCan("menu:5")).toBe(true);
    expect(await serverMenuIds(token)).toContain(5);
  });

  it("refuses the staff API in the browser's provider and on the server's route at once", async () => {
    const token = await signInAdmin();
    expect(await browserCan("api:staff")).toBe(true);
    expect(await staffList(token)).toBe(0);

    replacePolicy(withLine("p, 70, api:staff, *", "p, 10, api:staff, *"));
    expect(await browserCan("api:staff")).toBe(false);
    expect(await staffList(token)).toBe(403);

    replacePolicy(undefined);
    expect(await browserCan("api:staff")).toBe(true);
    expect(await staffList(token)).toBe(0);
  });
});
