// The old my-center, travel-management, order, bill and report routes. Most now live on
// as redirects to the workbench pages that replaced them; the rest are pages of their own.
//
// Redirects (old → new):
// | old path                                   | lands on                                            |
// |--------------------------------------------|-----------------------------------------------------|
// | /myCenter/index                            | the user's workbench: 70 Company, 7_0 Travel,        |
// |                                            | 40 Distribution, else PersonalCentralIndex           |
// | /myCenter/passengers                       | Passengers                                          |
// | /myCenter/external_passengers              | ExternalPersonnel                                   |
// | /myCenter/quickOrder                       | QuickOrder                                          |
// | /myCenter/subordinate                      | Subordinate                                         |
// | /myCenter/recommended                      | Recommended                                         |
// | /myCenter/rewards_transferred_out          | RewardsOut                                          |
// | /myCenter/rewrads_detail, integral_bill    | RewradsDetail                                       |
// | /myCenter/credit_member_list               | EnterpriseStall                                     |
// | /travel/examination_list                   | TravelAuditIndex                                    |
// | /travel/applycation_list                   | OrderAuditIndex if noteType=1, else                 |
// |                                            | TravelApplicationList (noteType consumed)           |
// | /travel/add_applycation                    | AddTravelApplication                                |
// | /travel/examination_install_list / _info   | ProcessSettings / EditProcessSettings               |
// | /travel/standard_install_list / _info      | StandardSettings / EditStandardSettings             |
// | /travel/preferen_setting                   | PreferenSettings                                    |
// | /travel/replace_install_list               | ReplaceSettings                                     |
// | /travel/examination_info                   | AuditDetails                                        |
// | /travel/applycation_detail (dometic_, intl_)| ApplyDetails (+ scope=domestic|intl)               |
// | /travel/applycation_detail_order           | ApplyDetails + noteType=1 (an order application)    |
// | /myCenter/order_list_air                   | OrderLists type=gp if gpFlag=1 or type=gp, else     |
// |                                            | type=airTicket (gpFlag consumed)                    |
// | /myCenter/order_list/:type                 | OrderLists type=:type (air → airTicket)             |
// | /myCenter/train_order_list, /hotel/orderList| OrderLists type=train / type=hotel                 |
// | /myCenter/my_order_detail/:id?             | TicketOrderDetails /ticket/OrderDetails/:id         |
// | /myCenter/my_order_domestic_detail/:id     | TicketOrderDetails                                  |
// | /myCenter/train_order_detail/:id           | TrainOrderDetails /train/OrderDetails/:orderId      |
// |                                            | (orderId = id; state carries both)                  |
// | /myCenter/business_bill … airChanges_bill  | EnterpriseBill, TransactionBill, RechargeBill, …    |
// | /myCenter/report_form_<x>                  | ReportDetailed type=domAir|intlAir|train|hotel|car  |
// Other query keys are passed through, so filters in old links survive the move.
import { subjectKey } from "../rules";
import { fillPath, isOrderTab, omit, route, type Query, type RedirectInput, type RedirectTarget, type RouteDef } from "./define";
import { workbenchPath } from "./workbench";

/** A redirect to a workbench route: same-named params carried, `drop` keys consumed, `add` set. */
function to(name: string, opts: { add?: Query; drop?: string[] } = {}) {
  return ({ params, query }: RedirectInput): RedirectTarget => ({
    path: fillPath(workbenchPath(name), params),
    query: { ...omit(query, opts.drop ?? []), ...opts.add },
  });
}

function orderList(tab: (input: RedirectInput) => string) {
  return (input: RedirectInput): RedirectTarget => ({
    path: workbenchPath("OrderLists"),
    query: { ...omit(input.query, ["gpFlag", "type"]), type: tab(input) },
  });
}

const OLD_TYPE: Record<string, string> = { air: "airTicket", airticket: "airTicket", domestic: "airTicket" };

function myCenterHome({ subject, query }: RedirectInput): RedirectTarget {
  const key = subject ? subjectKey(subject) : null;
  const name =
    key === "70" ? "CompanyCentralIndex" : key === "7_0" ? "TravelCentralIndex" : key === "40" ? "DistributionCentralIndex" : "PersonalCentralIndex";
  return { path: workbenchPath(name), query };
}

const w = { area: "workbench" } as const;
const white = { area: "workbench", headerStyle: "white" } as const;
const account = { area: "account", headerStyle: "white" } as const;

export const MY_CENTER_ROUTES: RouteDef[] = [
  // My-center frame.
  route("/myCenter/index", "my_center_index", { ...white, redirect: myCenterHome }),
  route("/myCenter/passengers", "passengers", { ...white, redirect: to("Passengers") }),
  route("/myCenter/import_passengers", "import_passengers", white),
  route("/myCenter/quickOrder", "quickOrder", { ...white, redirect: to("QuickOrder") }),
  route("/myCenter/external_passengers", "external_passengers", { ...white, redirect: to("ExternalPersonnel") }),
  route("/myCenter/import_external_passengers", "import_external_passengers", white),
  route("/myCenter/edit_passengers", "edit_passengers", white),
  route("/myCenter/subordinate", "subordinate", { ...white, redirect: to("Subordinate") }),
  route("/myCenter/wallet", "my_wallet", account),
  route("/myCenter/rewards_transferred_out", "rewards_transferred_out", { ...white, redirect: to("RewardsOut") }),
  route("/myCenter/rewrads_detail", "rewrads_detail", { ...white, redirect: to("RewradsDetail") }),
  route("/myCenter/tianhanbao_detail", "tianhanbao_detail", account),

  // Travel management.
  route("/myCenter/credit_member_list", "credit_member_list", { ...white, redirect: to("EnterpriseStall") }),
  route("/myCenter/import_employees", "import_employees", white),
  route("/myCenter/my_standard", "my_standard", w),
  route("/travel/examination_list", "examination_list", { ...w, redirect: to("TravelAuditIndex") }),
  route("/travel/applycation_list", "travel_applycation_list", {
    ...w,
    redirect: (input) => to(input.query.noteType === "1" ? "OrderAuditIndex" : "TravelApplicationList", { drop: ["noteType"] })(input),
  }),
  route("/travel/add_applycation", "add_applycation", { ...w, redirect: to("AddTravelApplication") }),
  route("/travel/examination_install_list", "examination_install_list", { ...w, redirect: to("ProcessSettings") }),
  route("/travel/examination_install_info", "examination_install_info", { ...w, redirect: to("EditProcessSettings") }),
  route("/travel/standard_install_list", "travel_standard", { ...w, redirect: to("StandardSettings") }),
  route("/travel/standard_install_info", "standard_install_info", { ...w, redirect: to("EditStandardSettings") }),
  route("/travel/preferen_setting", "preferen_setting", { ...w, redirect: to("PreferenSettings") }),
  route("/travel/replace_install_list", "replace_install_list", { ...w, redirect: to("ReplaceSettings") }),

  // Car-use standards: no replacement page exists, so they stay pages of the travel workbench.
  route("/useCarManager/usecar_manager_list", "usecar_manager_list", w),
  route("/useCarManager/usecar_install_info", "usecar_install_info", w),

  // Approval details.
  route("/travel/examination_info", "examination_info", { ...w, redirect: to("AuditDetails") }),
  route("/travel/applycation_detail", "applycation_detail", { ...w, redirect: to("ApplyDetails") }),
  route("/travel/dometic_applycation_detail", "dometic_applycation_detail", { ...w, redirect: to("ApplyDetails", { add: { scope: "domestic" } }) }),
  route("/travel/intl_applycation_detail", "intl_applycation_detail", { ...w, redirect: to("ApplyDetails", { add: { scope: "intl" } }) }),
  route("/travel/applycation_detail_order", "applycation_detail_order", { ...w, redirect: to("ApplyDetails", { add: { noteType: "1" } }) }),

  // Orders.
  route("/myCenter/order_list/:type", "my_order_list", {
    ...white,
    redirect: orderList(({ params }) => {
      const t = params.type ?? "";
      return isOrderTab(t) ? t : (OLD_TYPE[t.toLowerCase()] ?? "airTicket");
    }),
  }),
  route("/myCenter/order_list_air", "my_order_list_air", {
    ...white,
    redirect: orderList(({ query }) => (query.gpFlag === "1" || query.type === "gp" ? "gp" : "airTicket")),
  }),
  route("/myCenter/train_order_list", "train_order_list", { ...white, redirect: orderList(() => "train") }),
  route("/hotel/orderList", "hotel_orderList", { ...white, redirect: orderList(() => "hotel") }),
  route("/myCenter/my_order_detail/:id?", "my_order_detail", { ...white, redirect: to("TicketOrderDetails") }),
  route("/myCenter/my_order_domestic_detail/:id", "my_order_domestic_detail", { ...white, redirect: to("TicketOrderDetails") }),
  route("/myCenter/train_order_detail/:id", "train_order_detail", {
    ...white,
    redirect: ({ params, query }) => ({
      path: fillPath(workbenchPath("TrainOrderDetails"), { orderId: params.id }),
      query,
      state: { id: params.id, orderId: params.id },
    }),
  }),

  // Old bills.
  route("/myCenter/business_bill", "business_bill", { ...white, redirect: to("EnterpriseBill") }),
  route("/myCenter/transaction_bill", "transaction_bill", { ...white, redirect: to("TransactionBill") }),
  route("/myCenter/integral_bill", "integral_bill", { ...white, redirect: to("RewradsDetail") }),
  route("/myCenter/recharge_bill", "recharge_bill", { ...white, redirect: to("RechargeBill") }),
  route("/myCenter/putforward_bill", "putforward_bill", { ...white, redirect: to("PutforwardBill") }),
  route("/myCenter/recom_bill", "recom_bill", { ...white, redirect: to("RecomBill") }),
  route("/myCenter/share_bill", "share_bill", { ...white, redirect: to("ShareBill") }),
  route("/myCenter/sum_bill", "sum_bill", { ...white, redirect: to("AirSumBill") }),
  route("/myCenter/airSale_bill", "airSale_bill", { ...white, redirect: to("AirSaleBill") }),
  route("/myCenter/airRefund_bill", "airRefund_bill", { ...white, redirect: to("AirRefundBill") }),
  route("/myCenter/airChanges_bill", "airChanges_bill", { ...white, redirect: to("AirChangesBill") }),

  // Old report forms: one detailed report page with a type.
  route("/myCenter/report_form_dom_air", "report_form_air", { ...white, redirect: to("ReportDetailed", { add: { type: "domAir" } }) }),
  route("/myCenter/report_form_intl_air", "report_form_intl_air", { ...white, redirect: to("ReportDetailed", { add: { type: "intlAir" } }) }),
  route("/myCenter/report_form_train", "report_form_train", { ...white, redirect: to("ReportDetailed", { add: { type: "train" } }) }),
  route("/myCenter/report_form_hotel", "report_form_hotel", { ...white, redirect: to("ReportDetailed", { add: { type: "hotel" } }) }),
  route("/myCenter/report_form_car", "report_form_car", { ...white, redirect: to("ReportDetailed", { add: { type: "car" } }) }),

  // User centre.
  route("/myCenter/self_info", "self_info", account),
  route("/myCenter/setting", "setting", account),
  route("/myCenter/address", "address_list", account),
  route("/myCenter/expense_proof", "expense_proof", account),
  route("/myCenter/recommended", "recommended", { ...white, redirect: to("Recommended") }),
  route("/myCenter/invoice_management", "invoice_management", account),
  route("/myCenter/messages", "message_centre", account),
  route("/myCenter/notice_settings", "notice_settings", account),
  route("/myCenter/edit_invoice", "edit_invoice", account),
  route("/myCenter/pay_authorization_code", "pay_authorization_code", account),
];
