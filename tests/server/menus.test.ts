// POST /member/menus: each demo member's header menu, decided on the server from the database
// record (trip flags, canAudit), in Chinese or English; guests are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buttonHash } from "../../src/access/buttons";
import { startHarness, type Harness } from "./harness";
import { call, freshClient, login } from "./account-helpers";
import { entryById, type ButtonNode, type MenuNode } from "../../src/access";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(() => {
  freshClient();
});

interface MenusReply {
  menus: MenuNode[];
  buttons: ButtonNode[];
  buttonList: { id: number; key: string }[];
}

async function menusOf(mobile: string, body: Record<string, string> = {}): Promise<MenusReply> {
  const token = await login(h.app, mobile);
  const r = await call(h.app, "/member/menus", { token, ...body });
  expect(r.body.ret, r.body.msg).toBe(0);
  return r.body.data as MenusReply;
}

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const ids = (r: MenusReply) => flat(r.menus).map((n) => n.id);
const names = (r: MenusReply) => flat(r.menus).map((n) => n.name);

describe("POST /member/menus", () => {
  it("refuses a guest with 401", async () => {
    expect((await call(h.app, "/member/menus", {})).body).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
    expect((await call(h.app, "/member/menus", { token: "f".repeat(64) })).body.ret).toBe(401);
  });

  it("refuses unknown fields and languages with 400", async () => {
    const token = await login(h.app, "13800000010");
    expect((await call(h.app, "/member/menus", { token, lang: "fr" })).body.ret).toBe(400);
    expect((await call(h.app, "/member/menus", { token, memberType: "70" })).body.ret).toBe(400);
  });

  it("gives the company administrator (70) the enterprise workbench, staff and travel management", async () => {
    const r = await menusOf("13800000070");
    expect(names(r)).toEqual(expect.arrayContaining(["企业员工", "差旅管理", "审批流程设置", "通知设置", "运营操作审计", "企业账单", "结算设置", "子公司管理", "差旅消费报表"]));
    // The spend report sits under 账单报表 with the enterprise bill, opening on domestic flights.
    const report = r.menus.find((m) => m.id === 33)!.children.find((c) => c.id === 49)!;
    expect([report.route, report.routeQuery]).toEqual(["ReportDetailed", { type: "domAir" }]);
    // The demo admin has pnrImport: the staff and external-traveller import buttons come with it;
    // the group robots' button opens no page of its own (it shows a tab of 通知设置).
    expect(r.buttons.map((b) => [b.key, b.route])).toEqual([
      ["COMPANY_CENTRAL_INDEX", "CompanyCentralIndex"], ["IMPORT_EMPLOYEES", "import_employees"], ["IMPORT_EXTERNAL_PASSENGERS", "import_external_passengers"], ["NOTICE_ROBOTS", undefined],
    ]);
    expect(r.buttonList).toEqual(expect.arrayContaining([{ id: 1, key: buttonHash("COMPANY_CENTRAL_INDEX") }]));
    expect(ids(r)).not.toContain(23);
    expect(ids(r)).not.toContain(24);
    // Dropdowns are flagged, links go to the first visible child.
    const people = r.menus.find((m) => m.id === 4)!;
    expect(people.dropdown).toBe(true);
    expect(people.link).toEqual({ name: "EnterpriseStall", query: undefined });
    expect(r.menus.find((m) => m.id === 11)!.link).toEqual({ name: "OrderLists", query: { type: "airTicket" } });
  });

  it("hides trip and order applications (23, 24) from an employee without trip flags (13800000072)", async () => {
    const r = await menusOf("13800000072");
    expect(ids(r)).not.toContain(23);
    expect(ids(r)).not.toContain(24);
    expect(ids(r)).not.toContain(22); // the empty container goes too
    expect(names(r)).not.toContain("企业员工");
    expect(names(r)).toContain("因公订单"); // item 11 renamed for sub-members
    expect(r.buttons.map((b) => b.key)).toEqual(["TRAVEL_CENTRAL_INDEX"]);
  });

  it("shows trip and order applications to an employee with trip flags (13800000071, 13800000073)", async () => {
    for (const mobile of ["13800000071", "13800000073"]) {
      const r = await menusOf(mobile);
      expect(ids(r), mobile).toEqual(expect.arrayContaining([22, 23, 24]));
    }
  });

  it("gives approvals to the auditing head (71) but not to the traveller without canAudit (73)", async () => {
    expect(ids(await menusOf("13800000071"))).toEqual(expect.arrayContaining([25, 26, 27]));
    expect(ids(await menusOf("13800000073"))).not.toContain(26);
  });

  it("gives an individual member (10) the account centre and no enterprise items", async () => {
    const r = await menusOf("13800000010");
    expect(names(r)).toContain("账户中心");
    expect(r.buttons.map((b) => [b.key, b.name])).toEqual([["PERSONAL_CENTRAL_INDEX", "账户中心"]]);
    for (const id of [1, 5, 9, 16, 17, 22, 25, 46, 47, 48, 49]) expect(ids(r), `item ${id}`).not.toContain(id);
    expect(names(r)).not.toEqual(expect.arrayContaining(["企业员工"]));
  });

  it("gives a distribution provider (40) its workbench and subordinate management", async () => {
    const r = await menusOf("13800000040");
    // Root buttons are the header's workbench entries; pnrImport adds the import buttons.
    expect(r.buttons.filter((b) => entryById(b.id)?.parentId === 0).map((b) => b.route)).toEqual(["DistributionCentralIndex", "PersonalCentralIndex"]);
    expect(r.buttons.map((b) => b.key)).toEqual(expect.arrayContaining(["PNR_IMPORT", "IMPORT_PASSENGERS"]));
    expect(names(r)).toEqual(expect.arrayContaining(["下级管理", "快速下单", "分润收益"]));
  });

  it("answers in English on request", async () => {
    const r = await menusOf("13800000070", { lang: "en" });
    expect(names(r)).toEqual(expect.arrayContaining(["Enterprise staff", "Travel management", "Travel spend report"]));
    expect(r.buttons[0].name).toBe("Enterprise workbench");
  });
});
