// The new workbench routes, by name. Paths the spec leaves as
// "under /bill/..." etc. are completed here in the same camelCase style as /finance/enterpriseBill.
// Old my-center addresses redirect onto these (see my-center.ts).
import { route, type RouteDef } from "./define";

// White header: the spec's "account, order, report and passenger pages".
const white = { area: "workbench", headerStyle: "white" } as const;
// Travel management, approvals and applications keep the default blue bar.
const blue = { area: "workbench" } as const;

export const WORKBENCH_ROUTES: RouteDef[] = [
  // Workbench homes: one per audience.
  route("/company/index", "CompanyCentralIndex", white),
  route("/travelCentral/index", "TravelCentralIndex", white),
  route("/personalCentral/index", "PersonalCentralIndex", white),
  route("/distribution/index", "DistributionCentralIndex", white),

  // Orders.
  route("/order/list", "OrderLists", white),
  route("/ticket/OrderDetails/:id?", "TicketOrderDetails", white),
  route("/hotel/OrderDetails/:orderNo?", "HotelOrderDetails", white),
  route("/train/OrderDetails/:orderId?", "TrainOrderDetails", white),

  // Bills and finance.
  route("/finance/enterpriseBill", "EnterpriseBill", white),
  route("/bill/transactionBill", "TransactionBill", white),
  route("/bill/rechargeBill", "RechargeBill", white),
  route("/bill/recomBill", "RecomBill", white),
  route("/bill/shareBill", "ShareBill", white),
  route("/bill/airSumBill", "AirSumBill", white),
  route("/bill/airSaleBill", "AirSaleBill", white),
  route("/bill/airRefundBill", "AirRefundBill", white),
  route("/bill/airChangesBill", "AirChangesBill", white),
  route("/bill/hotelSumBill", "HotelSumBill", white),
  route("/bill/trainSumBill", "TrainSumBill", white),
  route("/bill/putforwardBill", "PutforwardBill", white),
  route("/finance/settlementSet", "SettlementSet", white),
  route("/finance/recharge", "Recharge", white),
  route("/finance/rewardsOut", "RewardsOut", white),
  route("/finance/rewradsDetail", "RewradsDetail", white),
  route("/finance/rechargeRecord", "RechargeRecord", white),
  route("/finance/reportDetailed", "ReportDetailed", white),
  route("/finance/einvoices", "EinvoiceManage", white),

  // People.
  route("/personnel/enterpriseStall", "EnterpriseStall", white),
  route("/personnel/externalPersonnel", "ExternalPersonnel", white),
  route("/personnel/passengers", "Passengers", white),
  // Tree item 9 names this route; the spec has none for subsidiaries.
  route("/company/subsidiaries", "Subsidiaries", white),
  route("/city/subordinate", "Subordinate", white),
  route("/city/recommended", "Recommended", white),
  route("/city/quickOrder", "QuickOrder", white),

  // Travel management.
  route("/travel/travelManage/processSettings", "ProcessSettings", blue),
  route("/travel/travelManage/editProcessSettings", "EditProcessSettings", blue),
  route("/travel/travelManage/standardSettings", "StandardSettings", blue),
  route("/travel/travelManage/editStandardSettings", "EditStandardSettings", blue),
  route("/travel/travelManage/replaceSettings", "ReplaceSettings", blue),
  route("/travel/travelManage/preferenSettings", "PreferenSettings", blue),
  route("/travel/travelManage/noticeSettings", "NoticeSettings", blue),
  route("/travel/travelManage/disruptions", "TripDisruptions", blue),
  route("/travel/travelManage/operatorAudit", "OperatorAudit", blue),

  // Approvals and applications.
  route("/travel/audit", "TravelAuditIndex", blue),
  route("/travel/audit/order", "OrderAuditIndex", blue),
  route("/travel/audit/details", "AuditDetails", blue),
  route("/travel/application", "TravelApplicationList", blue),
  route("/travel/application/add", "AddTravelApplication", blue),
  route("/travel/application/order", "OrderApplicationList", blue),
  route("/travel/apply/details", "ApplyDetails", blue),

  // The account centre (tree item 2) belongs to the account area, not the workbench.
  route("/myCenter/accountCenter", "AccountCenter", { area: "account", headerStyle: "white" }),
];

const byName = new Map(WORKBENCH_ROUTES.map((r) => [r.name, r]));

/** The pattern of a workbench route (redirect targets); throws on a typo at first use. */
export function workbenchPath(name: string): string {
  const def = byName.get(name);
  if (!def) throw new Error(`unknown workbench route ${name}`);
  return def.path;
}
