// Spec §6 special rules by item id, partner restriction, renames and the button list.
import { createHash } from "node:crypto";
import { buttonHash } from "../../src/access/buttons";
import { beforeAll, describe, expect, it } from "vitest";
import {
  entryById, getAccess, menuLabel, type Access, type AccessSubject, type TripLevelFlags,
} from "../../src/access";
import { COMPANY, SUB_MEMBER } from "./subjects";

let access: Access;
beforeAll(async () => {
  access = await getAccess();
});

const names = (subject: AccessSubject | null, lang: "zh" | "en" = "zh") =>
  access.visibleMenuTree(subject, lang).flatMap((n) => [n, ...n.children]).map((n) => [n.id, n.name] as const);
const employee = (tripLevel: TripLevelFlags | null, canAudit: number | string = 0, extra: Partial<AccessSubject> = {}): AccessSubject => ({
  memberType: 10, creditMemberId: 9, creditEmployeeId: 72, creditEmployee: { tripLevel, canAudit }, ...extra,
});

describe("items 23/24: sub-member trip flags", () => {
  const cases: [string, TripLevelFlags | null, boolean][] = [
    ["no tripLevel", null, false],
    ["all flags 0", { approveFlag: 0, feeFlag: 0, changeApprove: 0, overproof: 0, overApprove: 0 }, false],
    ["approveFlag", { approveFlag: 1 }, true],
    ["feeFlag", { feeFlag: 1 }, true],
    ["changeApprove", { changeApprove: 1 }, true],
    ["overproof without overApprove", { overproof: 1, overApprove: 0 }, false],
    ["overApprove without overproof", { overproof: 0, overApprove: 1 }, false],
    ["overproof with overApprove", { overproof: 1, overApprove: 1 }, true],
    ["string flags '1'", { approveFlag: "1" }, true],
    ["string flags '0'", { approveFlag: "0", feeFlag: "0" }, false],
    ["boolean flags", { overproof: true, overApprove: true }, true],
  ];
  it.each(cases)("%s", (_label, tripLevel, want) => {
    const s = employee(tripLevel);
    for (const id of [22, 23, 24]) expect(access.can(s, `menu:${id}`), `menu ${id}`).toBe(want);
    expect(access.canRoute(s, "TravelApplicationList")).toBe(want);
    expect(access.canRoute(s, "OrderApplicationList")).toBe(want);
    expect(access.canRoute(s, "AddTravelApplication")).toBe(want);
    expect(access.canApi(s, "travel-applications", "write")).toBe(want);
  });
  it("the flags do not lift the type rule: a company (70) with flags is still denied", () => {
    const s: AccessSubject = { ...COMPANY, creditEmployee: SUB_MEMBER.creditEmployee };
    expect(access.can(s, "menu:23")).toBe(false);
    expect(access.can(s, "menu:24")).toBe(false);
  });
});

describe("items 26/27: type 70, or a sub-member with canAudit=1", () => {
  it.each([
    ["sub-member canAudit 0", employee({ approveFlag: 1 }, 0), false],
    ["sub-member canAudit '0'", employee({ approveFlag: 1 }, "0"), false],
    ["sub-member canAudit 1", employee(null, 1), true],
    ["sub-member canAudit '1'", employee(null, "1"), true],
    ["company 70", COMPANY, true],
    ["individual 10", { memberType: 10 } as AccessSubject, false],
  ] as const)("%s", (_label, s, want) => {
    for (const id of [25, 26, 27]) expect(access.can(s, `menu:${id}`), `menu ${id}`).toBe(want);
    expect(access.canRoute(s, "TravelAuditIndex")).toBe(want);
    expect(access.canApi(s, "approvals", "write")).toBe(want);
  });
});

describe("items 32, 38, 39, 40: pnrImport=1", () => {
  const cases: [number, string, AccessSubject, string | null][] = [
    [32, "PNR_IMPORT", { memberType: 40 }, null],
    [38, "IMPORT_PASSENGERS", { memberType: 10 }, "import_passengers"],
    [39, "IMPORT_EMPLOYEES", COMPANY, "import_employees"],
    [40, "IMPORT_EXTERNAL_PASSENGERS", SUB_MEMBER, "import_external_passengers"],
  ];
  it.each(cases)("item %i (%s)", (id, key, base, route) => {
    for (const [pnrImport, want] of [[1, true], ["1", true], [0, false], [undefined, false]] as const) {
      const s = { ...base, pnrImport };
      expect(access.can(s, `menu:${id}`), `pnrImport=${pnrImport}`).toBe(want);
      expect(access.canButton(s, key), `pnrImport=${pnrImport}`).toBe(want);
      if (route) expect(access.canRoute(s, route), `${route} pnrImport=${pnrImport}`).toBe(want);
    }
  });
});

describe("renames", () => {
  it("item 11 is 因公订单 for any sub-member, 订单管理 otherwise", () => {
    expect(names(SUB_MEMBER)).toContainEqual([11, "因公订单"]);
    expect(names(employee(null))).toContainEqual([11, "因公订单"]);
    expect(names(SUB_MEMBER, "en")).toContainEqual([11, "Business-trip orders"]);
    expect(names({ ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "tianhe" })).toContainEqual([11, "因公订单"]);
    expect(names(COMPANY)).toContainEqual([11, "订单管理"]);
    expect(names({ memberType: 10 })).toContainEqual([11, "订单管理"]);
    expect(access.breadcrumbFor("OrderLists", "zh", { subject: SUB_MEMBER, query: { type: "train" } })).toEqual(["因公订单", "火车票订单"]);
    expect(access.breadcrumbFor("OrderLists", "zh", { query: { type: "gp" } })).toEqual(["订单管理", "公务机票订单"]);
  });

  it("item 2 is 个人中心 only for a sub-member of weilan", () => {
    const item2 = entryById(2)!;
    expect(menuLabel(item2, { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "weilan" })).toBe("个人中心");
    expect(menuLabel(item2, { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "weilan" }, "en")).toBe("Personal centre");
    expect(menuLabel(item2, { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "tianhe" })).toBe("账户中心");
    expect(menuLabel(item2, { ...SUB_MEMBER, thirdPartyName: "weilan" })).toBe("账户中心"); // not third-party
    expect(menuLabel(item2, { memberType: 10, isThirdParty: 1, thirdPartyName: "weilan" })).toBe("账户中心");
    // A weilan individual sees item 2 under its ordinary name.
    expect(names({ memberType: 10, isThirdParty: 1, thirdPartyName: "weilan" })).toContainEqual([2, "账户中心"]);
  });
});

describe("third-party restriction", () => {
  it("an unknown partner gets no tree item, but keeps member APIs", () => {
    const s: AccessSubject = { ...COMPANY, isThirdParty: 1, thirdPartyName: "nobody" };
    expect(access.visibleMenuTree(s)).toEqual([]);
    expect(access.visibleButtons(s)).toEqual([]);
    expect(access.canApi(s, "member:self")).toBe(true);
    expect(access.canApi(s, "staff")).toBe(false);
  });
  it("a partner name without isThirdParty is not restricted", () => {
    expect(access.can({ ...COMPANY, thirdPartyName: "weilan", isThirdParty: 0 }, "menu:5")).toBe(true);
  });
  it("tianhe's tree: containers implied by configured children, nothing else", () => {
    const tree = access.visibleMenuTree({ ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "tianhe" });
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [11, [12, 13, 14, 15]], [4, [31]], [22, [23, 24]], [25, [26, 27]],
    ]);
  });
  it("weilan's tree for a sub-member: orders without gp and trip applications", () => {
    const tree = access.visibleMenuTree({ ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "weilan" });
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([[11, [12, 14, 15]], [22, [23]]]);
  });
  it("partner restriction also applies to item-owned APIs", () => {
    const wl = { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "weilan" };
    expect(access.canApi(wl, "approvals")).toBe(false);
    expect(access.canApi(wl, "travel-applications")).toBe(true);
    expect(access.canApi(wl, "orders")).toBe(true);
  });
});

describe("button permission list", () => {
  const md5 = (s: string) => createHash("md5").update(s).digest("hex").toUpperCase();

  it("buttonHash is the upper-case MD5 hex of the permissionId", () => {
    expect(buttonHash("COMPANY_CENTRAL_INDEX")).toBe(md5("COMPANY_CENTRAL_INDEX"));
    expect(buttonHash("PERSONAL_CENTRAL_INDEX")).toMatch(/^[0-9A-F]{32}$/);
  });
  it("a stored list containing the hash grants; one without it removes the button", () => {
    const with_ = { ...COMPANY, buttons: [{ id: 1, key: md5("COMPANY_CENTRAL_INDEX") }] };
    const lower = { ...COMPANY, buttons: [{ id: 1, key: md5("COMPANY_CENTRAL_INDEX").toLowerCase() }] };
    const without = { ...COMPANY, buttons: [{ id: 39, key: md5("IMPORT_EMPLOYEES") }] };
    const empty = { ...COMPANY, buttons: [] };
    expect(access.canButton(with_, "COMPANY_CENTRAL_INDEX")).toBe(true);
    expect(access.canButton(lower, "COMPANY_CENTRAL_INDEX")).toBe(true);
    expect(access.canButton(without, "COMPANY_CENTRAL_INDEX")).toBe(false);
    expect(access.canButton(without, "IMPORT_EMPLOYEES")).toBe(true);
    expect(access.canButton(empty, "IMPORT_EMPLOYEES")).toBe(false);
    expect(access.visibleButtons(without).map((b) => b.key)).toEqual(["IMPORT_EMPLOYEES"]);
  });
  it("the list cannot grant what the tree denies, and unknown keys are denied", () => {
    const s = { memberType: 10, buttons: [{ id: 1, key: md5("COMPANY_CENTRAL_INDEX") }] };
    expect(access.canButton(s, "COMPANY_CENTRAL_INDEX")).toBe(false);
    expect(access.canButton(COMPANY, "NO_SUCH_BUTTON")).toBe(false);
  });
  it("filterPermitted removes unpermitted elements and keeps keyless ones", () => {
    const items = [{ k: "COMPANY_CENTRAL_INDEX" }, { k: "TRAVEL_CENTRAL_INDEX" }, { k: undefined }];
    expect(access.filterPermitted(COMPANY, items, (i) => i.k)).toEqual([items[0], items[2]]);
  });
  it("buttonListFor yields the list the server stores, which round-trips through canButton", () => {
    const list = access.buttonListFor(COMPANY);
    expect(list).toEqual([
      { id: 1, key: md5("COMPANY_CENTRAL_INDEX") },
      { id: 39, key: md5("IMPORT_EMPLOYEES") },
      { id: 40, key: md5("IMPORT_EXTERNAL_PASSENGERS") },
      { id: 53, key: md5("NOTICE_ROBOTS") },
    ]);
    expect(access.canButton({ ...COMPANY, buttons: list }, "COMPANY_CENTRAL_INDEX")).toBe(true);
    expect(access.buttonListFor(null)).toEqual([]);
  });
});
