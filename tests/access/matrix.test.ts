// Spec §6 as an explicit table. Written by hand from the spec (not derived from the tree), so
// any drift in tree.ts ids, names, routes, keys or type keys fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_TREE, entryById, getAccess, type Access, type MenuNode } from "../../src/access";
import { COLUMNS, SUBJECTS } from "./subjects";

const ALL = ["10", "20", "30", "40", "50", "70", "7_0"];
const T10_50 = ["10", "20", "30", "40", "50"];
const T10_50_7_0 = [...T10_50, "7_0"];

// Spec §6 "By area", row by row: area, the ids chosen for it, the type keys the spec lists.
const SPEC_AREAS: [string, number[], string[]][] = [
  ["Enterprise workbench", [1], ["70"]],
  ["Travel workbench", [3], ["7_0"]],
  ["Distribution workbench", [10], ["40"]],
  ["Account centre button", [21], T10_50],
  ["Account centre menu", [2], ["10", "20", "30", "50"]],
  ["Orders (flight, business-class, hotel, train)", [11, 12, 13, 14, 15], ALL],
  ["Enterprise staff", [5], ["70"]],
  ["External travellers", [31], ["70", "7_0"]],
  ["Travel management", [16, 17, 18, 19, 20, 52, 53, 54, 55], ["70"]],
  ["Travel application (trip and order)", [22, 23, 24], ["7_0"]],
  ["Travel approval (trip and order)", [25, 26, 27], ["70", "7_0"]],
  ["Subsidiary management", [9], ["70"]],
  ["Subordinate management", [8], ["40", "50"]],
  ["Recommended members and frequent travellers", [7, 6], T10_50_7_0],
  ["Quick order", [28], ["40", "50"]],
  ["Transaction and recommendation income bills", [34, 35], T10_50_7_0],
  ["Share income, air sale/refund/change reports, product reports", [36, 37, 41, 42, 43, 44, 45], ["40", "50"]],
  ["Enterprise bill, transaction bill, settlement settings", [46, 47, 48], ["70"]],
  ["The company's spend report", [49], ["70"]],
  ["The company's reimbursement documents", [50], ["70"]],
];

// id, type, zh name, route name ('-' none), button key ('-' none), expected per column.
// Columns:                                                       10 20 30 40 50 70 7_0 gst thS thM wlS wl10
const ROWS: [number, "menu" | "button", string, string, string, string][] = [
  [1, "button", "企业工作台", "CompanyCentralIndex", "COMPANY_CENTRAL_INDEX", ". . . . . Y . . . . . ."],
  [3, "button", "差旅工作台", "TravelCentralIndex", "TRAVEL_CENTRAL_INDEX", ". . . . . . Y . . . . ."],
  [10, "button", "分销工作台", "DistributionCentralIndex", "DISTRIBUTION_CENTRAL_INDEX", ". . . Y . . . . . . . ."],
  [21, "button", "账户中心", "PersonalCentralIndex", "PERSONAL_CENTRAL_INDEX", "Y Y Y Y Y . . . . . . ."],
  [2, "menu", "账户中心", "AccountCenter", "-", "Y Y Y . Y . . . . . . Y"],
  [11, "menu", "订单管理", "-", "-", "Y Y Y Y Y Y Y . Y Y Y Y"],
  [12, "menu", "机票订单", "OrderLists", "-", "Y Y Y Y Y Y Y . Y Y Y Y"],
  [13, "menu", "公务机票订单", "OrderLists", "-", "Y Y Y Y Y Y Y . Y Y . ."],
  [14, "menu", "酒店订单", "OrderLists", "-", "Y Y Y Y Y Y Y . Y Y Y Y"],
  [15, "menu", "火车票订单", "OrderLists", "-", "Y Y Y Y Y Y Y . Y Y Y Y"],
  [4, "menu", "人员管理", "-", "-", "Y Y Y Y Y Y Y . Y Y . ."],
  [5, "menu", "企业员工", "EnterpriseStall", "-", ". . . . . Y . . . . . ."],
  [39, "button", "导入员工", "import_employees", "IMPORT_EMPLOYEES", ". . . . . Y . . . . . ."],
  [31, "menu", "外部出行人", "ExternalPersonnel", "-", ". . . . . Y Y . Y Y . ."],
  [40, "button", "导入外部出行人", "import_external_passengers", "IMPORT_EXTERNAL_PASSENGERS", ". . . . . Y Y . . . . ."],
  [6, "menu", "常用旅客", "Passengers", "-", "Y Y Y Y Y . Y . . . . ."],
  [38, "button", "导入旅客", "import_passengers", "IMPORT_PASSENGERS", "Y Y Y Y Y . Y . . . . ."],
  [7, "menu", "推荐会员", "Recommended", "-", "Y Y Y Y Y . Y . . . . ."],
  [8, "menu", "下级管理", "Subordinate", "-", ". . . Y Y . . . . . . ."],
  [9, "menu", "子公司管理", "Subsidiaries", "-", ". . . . . Y . . . . . ."],
  [16, "menu", "差旅管理", "-", "-", ". . . . . Y . . . . . ."],
  [17, "menu", "审批流程设置", "ProcessSettings", "-", ". . . . . Y . . . . . ."],
  [18, "menu", "偏好设置", "PreferenSettings", "-", ". . . . . Y . . . . . ."],
  [19, "menu", "差旅标准", "StandardSettings", "-", ". . . . . Y . . . . . ."],
  [20, "menu", "代订人设置", "ReplaceSettings", "-", ". . . . . Y . . . . . ."],
  [52, "menu", "通知设置", "NoticeSettings", "-", ". . . . . Y . . . . . ."],
  [53, "button", "群机器人", "-", "NOTICE_ROBOTS", ". . . . . Y . . . . . ."],
  [54, "menu", "运营操作审计", "OperatorAudit", "-", ". . . . . Y . . . . . ."],
  [55, "menu", "航变行程", "TripDisruptions", "-", ". . . . . Y . . . . . ."],
  [22, "menu", "出差申请", "-", "-", ". . . . . . Y . Y . Y ."],
  [23, "menu", "行程申请", "TravelApplicationList", "-", ". . . . . . Y . Y . Y ."],
  [24, "menu", "订单申请", "OrderApplicationList", "-", ". . . . . . Y . Y . . ."],
  [25, "menu", "差旅审批", "-", "-", ". . . . . Y Y . Y Y . ."],
  [26, "menu", "行程审批", "TravelAuditIndex", "-", ". . . . . Y Y . Y Y . ."],
  [27, "menu", "订单审批", "OrderAuditIndex", "-", ". . . . . Y Y . Y Y . ."],
  [28, "menu", "快速下单", "QuickOrder", "-", ". . . Y Y . . . . . . ."],
  [32, "button", "PNR导入", "-", "PNR_IMPORT", ". . . Y Y . . . . . . ."],
  [33, "menu", "账单报表", "-", "-", "Y Y Y Y Y Y Y . . . . ."],
  [34, "menu", "交易账单", "TransactionBill", "-", "Y Y Y Y Y . Y . . . . ."],
  [35, "menu", "推荐收益账单", "RecomBill", "-", "Y Y Y Y Y . Y . . . . ."],
  [36, "menu", "分润收益", "ShareBill", "-", ". . . Y Y . . . . . . ."],
  [37, "menu", "机票销售报表", "AirSaleBill", "-", ". . . Y Y . . . . . . ."],
  [41, "menu", "机票退票报表", "AirRefundBill", "-", ". . . Y Y . . . . . . ."],
  [42, "menu", "机票改签报表", "AirChangesBill", "-", ". . . Y Y . . . . . . ."],
  [43, "menu", "机票报表", "AirSumBill", "-", ". . . Y Y . . . . . . ."],
  [44, "menu", "酒店报表", "HotelSumBill", "-", ". . . Y Y . . . . . . ."],
  [45, "menu", "火车票报表", "TrainSumBill", "-", ". . . Y Y . . . . . . ."],
  [46, "menu", "企业账单", "EnterpriseBill", "-", ". . . . . Y . . . . . ."],
  [47, "menu", "交易账单", "TransactionBill", "-", ". . . . . Y . . . . . ."],
  [48, "menu", "结算设置", "SettlementSet", "-", ". . . . . Y . . . . . ."],
  [49, "menu", "差旅消费报表", "ReportDetailed", "-", ". . . . . Y . . . . . ."],
  [50, "menu", "发票管理", "EinvoiceManage", "-", ". . . . . Y . . . . . ."],
];

const expected = (row: (typeof ROWS)[number]) => row[5].split(/\s+/).map((c) => c === "Y");

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

let access: Access;
beforeAll(async () => {
  access = await getAccess();
});

describe("spec §6 areas → tree type keys", () => {
  it.each(SPEC_AREAS)("%s", (_area, ids, keys) => {
    for (const id of ids) expect([...(entryById(id)?.permission ?? [])].sort(), `id ${id}`).toEqual([...keys].sort());
  });
});

describe("tree matches the table", () => {
  it("has exactly the table's ids", () => {
    expect(PERMISSION_TREE.map((e) => e.id).sort((a, b) => a - b)).toEqual(ROWS.map((r) => r[0]).sort((a, b) => a - b));
  });
  it.each(ROWS)("item %i (%s %s)", (id, type, zh, route, key) => {
    const e = entryById(id)!;
    expect(e.permissionType).toBe(type);
    expect(e.permissionName.zh).toBe(zh);
    expect(e.permissionUrl ?? "-").toBe(route);
    expect(e.permissionId ?? "-").toBe(key);
  });
});

describe.each(COLUMNS.map((c, i) => [c, i] as const))("user %s", (column, col) => {
  const subject = SUBJECTS[column];

  it.each(ROWS)("item %i (%s %s)", (id, type, _zh, _route, key, _exp) => {
    const want = expected(ROWS.find((r) => r[0] === id)!)[col];
    expect(access.can(subject, `menu:${id}`), "can(menu)").toBe(want);
    if (type === "menu") {
      expect(flatten(access.visibleMenuTree(subject)).some((n) => n.id === id), "menu tree").toBe(want);
    } else {
      expect(access.canButton(subject, key), "canButton").toBe(want);
      expect(access.can(subject, `button:${key}`), "can(button)").toBe(want);
      expect(access.visibleButtons(subject).some((b) => b.id === id), "visibleButtons").toBe(want);
    }
  });

  it("routes: allowed iff some row granting the route is allowed", () => {
    const routes = new Set(ROWS.map((r) => r[3]).filter((r) => r !== "-"));
    for (const route of routes) {
      const want = ROWS.some((r) => r[3] === route && expected(r)[col]);
      expect(access.canRoute(subject, route), route).toBe(want);
      expect(access.can(subject, `route:${route}`), route).toBe(want);
    }
  });
});
