// The permission tree as plain data. It is the one definition behind
// the header menus, the Refine access-control provider, route guards and the server's Casbin
// policy. Ids are fixed because the special rules and the partner configs name them.
import { MEMBER_TYPE_KEYS, type MemberTypeKey } from "../domain/member";

export type Lang = "zh" | "en";
export interface LocalText {
  zh: string;
  en: string;
}

export interface PermissionEntry {
  id: number;
  /** 0 for roots. */
  parentId: number;
  permissionName: LocalText;
  permissionType: "menu" | "button";
  /** A route NAME, never a path. */
  permissionUrl?: string;
  /** Extra query for the link, e.g. the OrderLists tab. */
  routeQuery?: Record<string, string>;
  permissionDesc: string;
  /** Button key, checked against the stored button list (see rules.ts buttonHash). */
  permissionId?: string;
  /** Member-type keys allowed. */
  permission: MemberTypeKey[];
  sort: number;
  /** zh names of the ancestors and the entry itself, computed below. */
  breadcrumb?: string[];
}

const ALL: MemberTypeKey[] = [...MEMBER_TYPE_KEYS];
const T70: MemberTypeKey[] = ["70"];
const T7_0: MemberTypeKey[] = ["7_0"];
const T40: MemberTypeKey[] = ["40"];
const T70_7_0: MemberTypeKey[] = ["70", "7_0"];
const T40_50: MemberTypeKey[] = ["40", "50"];
const T10_50: MemberTypeKey[] = ["10", "20", "30", "40", "50"];
const T10_30_50: MemberTypeKey[] = ["10", "20", "30", "50"];
const T10_50_7_0: MemberTypeKey[] = ["10", "20", "30", "40", "50", "7_0"];

type Extra = Partial<Pick<PermissionEntry, "permissionId" | "routeQuery" | "permissionUrl">>;

function menu(
  id: number, parentId: number, zh: string, en: string, url: string | undefined,
  permission: MemberTypeKey[], sort: number, extra: Extra = {},
): PermissionEntry {
  return {
    id, parentId, permissionName: { zh, en }, permissionType: "menu", permissionUrl: url,
    permissionDesc: en, permission, sort, ...extra,
  };
}

function button(
  id: number, parentId: number, zh: string, en: string, key: string, url: string | undefined,
  permission: MemberTypeKey[], sort: number,
): PermissionEntry {
  return {
    id, parentId, permissionName: { zh, en }, permissionType: "button", permissionUrl: url,
    permissionId: key, permissionDesc: en, permission, sort,
  };
}

// Containers carry the union of their children's types; rules.ts additionally hides a container
// whose menu children are all hidden. Ids 29 and 30 are unused on purpose (kept free).
const ENTRIES: PermissionEntry[] = [
  // Workbench and account-centre entry buttons in the header.
  button(1, 0, "企业工作台", "Enterprise workbench", "COMPANY_CENTRAL_INDEX", "CompanyCentralIndex", T70, 1),
  button(3, 0, "差旅工作台", "Travel workbench", "TRAVEL_CENTRAL_INDEX", "TravelCentralIndex", T7_0, 2),
  // The spec names no distribution route; DistributionCentralIndex (/distribution/index) is ours.
  button(10, 0, "分销工作台", "Distribution workbench", "DISTRIBUTION_CENTRAL_INDEX", "DistributionCentralIndex", T40, 3),
  button(21, 0, "账户中心", "Account centre", "PERSONAL_CENTRAL_INDEX", "PersonalCentralIndex", T10_50, 4),

  // Account-centre menu; renamed 个人中心 in one partner case.
  menu(2, 0, "账户中心", "Account centre", "AccountCenter", T10_30_50, 10),

  // Orders. 'gp' = 政府采购 (government-procurement / official-business) air fares, the spec's
  // "business-class" tab; it is a fare family, not a cabin, hence 公务机票订单.
  menu(11, 0, "订单管理", "Orders", undefined, ALL, 20),
  menu(12, 11, "机票订单", "Flight orders", "OrderLists", ALL, 1, { routeQuery: { type: "airTicket" } }),
  menu(13, 11, "公务机票订单", "Government fares", "OrderLists", ALL, 2, { routeQuery: { type: "gp" } }),
  menu(14, 11, "酒店订单", "Hotel orders", "OrderLists", ALL, 3, { routeQuery: { type: "hotel" } }),
  menu(15, 11, "火车票订单", "Train orders", "OrderLists", ALL, 4, { routeQuery: { type: "train" } }),

  // People (dropdown 4): staff, external travellers, passengers, members, subordinates, subsidiaries.
  menu(4, 0, "人员管理", "People", undefined, ALL, 30),
  menu(5, 4, "企业员工", "Enterprise staff", "EnterpriseStall", T70, 1),
  button(39, 5, "导入员工", "Import employees", "IMPORT_EMPLOYEES", "import_employees", T70, 1),
  menu(31, 4, "外部出行人", "External travellers", "ExternalPersonnel", T70_7_0, 2),
  button(40, 31, "导入外部出行人", "Import external travellers", "IMPORT_EXTERNAL_PASSENGERS", "import_external_passengers", T70_7_0, 1),
  menu(6, 4, "常用旅客", "Frequent travellers", "Passengers", T10_50_7_0, 3),
  button(38, 6, "导入旅客", "Import travellers", "IMPORT_PASSENGERS", "import_passengers", T10_50_7_0, 1),
  menu(7, 4, "推荐会员", "Recommended members", "Recommended", T10_50_7_0, 4),
  menu(8, 4, "下级管理", "Subordinates", "Subordinate", T40_50, 5),
  // No route is named for subsidiaries; 'Subsidiaries' is this project's name for it.
  menu(9, 4, "子公司管理", "Subsidiaries", "Subsidiaries", T70, 6),

  // Travel management: process settings, preferences, standards, replace-booker.
  menu(16, 0, "差旅管理", "Travel management", undefined, T70, 40),
  menu(17, 16, "审批流程设置", "Approval process settings", "ProcessSettings", T70, 1),
  menu(18, 16, "偏好设置", "Preferences", "PreferenSettings", T70, 2),
  menu(19, 16, "差旅标准", "Travel standards", "StandardSettings", T70, 3),
  menu(20, 16, "代订人设置", "Booking agent settings", "ReplaceSettings", T70, 4),
  // Notifications: the members' default channels and the group robots (企业微信/钉钉/飞书),
  // which hold webhook secrets, so a button of their own lets an administrator's role be narrower.
  menu(52, 16, "通知设置", "Notification settings", "NoticeSettings", T70, 5),
  button(53, 52, "群机器人", "Group robots", "NOTICE_ROBOTS", undefined, T70, 1),
  // The company's trips a flight's or train's schedule change or cancellation touched (航变), with
  // each traveller's choice about it.
  menu(55, 16, "航变行程", "Disrupted trips", "TripDisruptions", T70, 6),
  // What the travel agency's operators changed on the company's objects (its credit limit,
  // settlement day, service fees, state, its members' accounts), read-only.
  menu(54, 16, "运营操作审计", "Operator audit log", "OperatorAudit", T70, 7),

  // Travel application (trip and order); rules.ts adds the trip-flag condition.
  menu(22, 0, "出差申请", "Travel applications", undefined, T7_0, 50),
  menu(23, 22, "行程申请", "Trip applications", "TravelApplicationList", T7_0, 1),
  menu(24, 22, "订单申请", "Order applications", "OrderApplicationList", T7_0, 2),

  // Travel approval (trip and order); rules.ts adds canAudit for sub-members.
  menu(25, 0, "差旅审批", "Travel approval", undefined, T70_7_0, 60),
  menu(26, 25, "行程审批", "Trip approvals", "TravelAuditIndex", T70_7_0, 1),
  menu(27, 25, "订单审批", "Order approvals", "OrderAuditIndex", T70_7_0, 2),

  // Quick order for agents; PNR import (32) creates an order from an existing airline booking.
  menu(28, 0, "快速下单", "Quick order", "QuickOrder", T40_50, 70),
  button(32, 28, "PNR导入", "PNR import", "PNR_IMPORT", undefined, T40_50, 1),

  // Bills and reports (dropdown 33). Two transaction-bill items share the route: one for
  // members (10-50, 7_0) and the company one (70), as two separate rows of the permission table.
  menu(33, 0, "账单报表", "Bills & reports", undefined, ALL, 80),
  menu(34, 33, "交易账单", "Transaction bill", "TransactionBill", T10_50_7_0, 1),
  menu(35, 33, "推荐收益账单", "Recommendation income bill", "RecomBill", T10_50_7_0, 2),
  menu(36, 33, "分润收益", "Share income", "ShareBill", T40_50, 3),
  menu(37, 33, "机票销售报表", "Air sales report", "AirSaleBill", T40_50, 4),
  menu(41, 33, "机票退票报表", "Air refund report", "AirRefundBill", T40_50, 5),
  menu(42, 33, "机票改签报表", "Air change report", "AirChangesBill", T40_50, 6),
  menu(43, 33, "机票报表", "Air report", "AirSumBill", T40_50, 7),
  menu(44, 33, "酒店报表", "Hotel report", "HotelSumBill", T40_50, 8),
  menu(45, 33, "火车票报表", "Train report", "TrainSumBill", T40_50, 9),
  menu(46, 33, "企业账单", "Enterprise bill", "EnterpriseBill", T70, 10),
  menu(47, 33, "交易账单", "Transaction bill", "TransactionBill", T70, 11),
  menu(48, 33, "结算设置", "Settlement settings", "SettlementSet", T70, 12),
  // The company's spend report (all products, domestic flights first); its API follows this item.
  menu(49, 33, "差旅消费报表", "Travel spend report", "ReportDetailed", T70, 13, { routeQuery: { type: "domAir" } }),
  // The company's reimbursement documents (发票管理): its finance user lists them and downloads a month's.
  menu(50, 33, "发票管理", "Invoices", "EinvoiceManage", T70, 14),
];

/** Menus rendered as dropdowns in the header. */
export const DROPDOWN_IDS: readonly number[] = [4, 33];

/**
 * Older or secondary route names governed by the same item as a tree route (other names seen,
 * and edit/add pages), so a guard on them gives the same answer as the list page.
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  credit_member_list: "EnterpriseStall",
  passengers: "Passengers",
  edit_passengers: "Passengers",
  external_passengers: "ExternalPersonnel",
  subordinate: "Subordinate",
  recommended: "Recommended",
  travel_standard: "StandardSettings",
  EditProcessSettings: "ProcessSettings",
  EditStandardSettings: "StandardSettings",
  AddTravelApplication: "TravelApplicationList",
  my_order_list: "OrderLists",
  my_order_list_air: "OrderLists",
};

const byId = new Map<number, PermissionEntry>(ENTRIES.map((e) => [e.id, e]));

/** Ancestors from the root down, excluding the entry itself. */
export function ancestorsOf(id: number): PermissionEntry[] {
  const chain: PermissionEntry[] = [];
  let parent = byId.get(id)?.parentId ?? 0;
  while (parent !== 0) {
    const p = byId.get(parent);
    if (!p) break;
    chain.unshift(p);
    parent = p.parentId;
  }
  return chain;
}

for (const e of ENTRIES) e.breadcrumb = [...ancestorsOf(e.id).map((a) => a.permissionName.zh), e.permissionName.zh];

/** The whole tree, flat, in declaration order. Frozen: it is shared by browser and server. */
export const PERMISSION_TREE: readonly PermissionEntry[] = Object.freeze(ENTRIES.map((e) => Object.freeze(e)));

export function entryById(id: number): PermissionEntry | undefined {
  return byId.get(id);
}

export function childrenOf(id: number): PermissionEntry[] {
  return ENTRIES.filter((e) => e.parentId === id);
}

/** Entries whose permissionUrl is the route (after resolving an alias). */
export function entriesForRoute(routeName: string): PermissionEntry[] {
  const route = ROUTE_ALIASES[routeName] ?? routeName;
  return ENTRIES.filter((e) => e.permissionUrl === route);
}

export function entryByButtonKey(key: string): PermissionEntry | undefined {
  return ENTRIES.find((e) => e.permissionId === key);
}
