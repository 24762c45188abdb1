// The pages the route table names: the page each sits under (breadcrumb and selected navigation
// item) and its title, read from the locale files as pageTitle.<route name>.

/** Refine's translate function (useTranslate), as far as titles use it. */
export type Translate = (key: string) => string;

export interface PageAction {
  /** A locale key: the button's text. */
  label: string;
  to: string;
  query?: Record<string, string>;
}

/** Every titled page, with the page it belongs under (null: none). */
const PARENT: Readonly<Record<string, string | null>> = {
  // Workbench homes (their own pages; titles serve breadcrumbs and navigation).
  CompanyCentralIndex: null, TravelCentralIndex: null, PersonalCentralIndex: null, DistributionCentralIndex: null,
  // Orders.
  OrderLists: null, TicketOrderDetails: "OrderLists", HotelOrderDetails: "OrderLists", TrainOrderDetails: "OrderLists",
  // Bills and finance.
  EnterpriseBill: null, TransactionBill: null, RechargeBill: null, RecomBill: null, ShareBill: null, AirSumBill: null,
  AirSaleBill: null, AirRefundBill: null, AirChangesBill: null, HotelSumBill: null, TrainSumBill: null, PutforwardBill: null,
  SettlementSet: null, Recharge: null, RewardsOut: null, RewradsDetail: null, RechargeRecord: null, ReportDetailed: null, EinvoiceManage: null, NoticeSettings: null, TripDisruptions: null, OperatorAudit: null,
  // People.
  EnterpriseStall: null, ExternalPersonnel: null, Passengers: null, Subsidiaries: null, Subordinate: null, Recommended: null,
  QuickOrder: null, import_passengers: "Passengers", import_external_passengers: "ExternalPersonnel", edit_passengers: "Passengers",
  import_employees: "EnterpriseStall",
  // Travel management, approvals and applications.
  ProcessSettings: null, EditProcessSettings: "ProcessSettings", StandardSettings: null, EditStandardSettings: "StandardSettings",
  ReplaceSettings: null, PreferenSettings: null, my_standard: null, usecar_manager_list: null, usecar_install_info: "usecar_manager_list",
  TravelAuditIndex: null, OrderAuditIndex: null, AuditDetails: "TravelAuditIndex", TravelApplicationList: null,
  AddTravelApplication: "TravelApplicationList", OrderApplicationList: null, ApplyDetails: "TravelApplicationList",
  // The user's own account.
  AccountCenter: null, self_info: null, setting: null, my_wallet: null, tianhanbao_detail: "my_wallet", address_list: null,
  expense_proof: null, invoice_management: null, edit_invoice: "invoice_management", pay_authorization_code: null, message_centre: null, notice_settings: null,
  recharge_index: "my_wallet", recharge_pay: "recharge_index", recharge_finish: "recharge_index",
  // Booking.
  DomesticAirTicketQuery: null, order_info: "DomesticAirTicketQuery", order_info_business: "DomesticAirTicketQuery",
  order_info_office: "DomesticAirTicketQuery", intl_flight_query_list: null, international_order_info: "intl_flight_query_list",
  international_order_info_business: "intl_flight_query_list", train_query_list: null, train_order_info: "train_query_list",
  train_order_pay: "train_query_list", train_order_finish: "train_query_list", train_ab_query_list: "train_query_list",
  train_ab_order_info: "train_query_list", train_nab_query_list: "train_query_list", train_nab_order_info: "train_query_list",
  train_transfer: "train_query_list", hotel_index: null, hotel_list: "hotel_index", hotel_details: "hotel_index",
  hotel_orderInfo: "hotel_index", pay_order: null, pay_hotel: null, pay_finish: null, air_order_finish: null,
  // Other pages of the main router.
  helloWorld: null, HelloWorld_test: null, test_tree_transfer: null,
};

/** The route names that have a title. */
export const TITLED_PAGES: readonly string[] = Object.keys(PARENT);

/**
 * The page a page sits under. One detail page serves two lists: an approval's details belong to
 * 订单审批 when opened from there (?kind=order), else to 行程审批.
 */
export function parentOf(name: string, query: Record<string, string> = {}): string | undefined {
  if (name === "AuditDetails" && query.kind === "order") return "OrderAuditIndex";
  return (Object.hasOwn(PARENT, name) && PARENT[name]) || undefined;
}

/** The page's title; a route without one shows its name. */
export function pageTitle(name: string, t: Translate): string {
  return Object.hasOwn(PARENT, name) ? t(`pageTitle.${name}`) : name;
}
