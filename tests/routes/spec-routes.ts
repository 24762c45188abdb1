// Spec §2 "Routes", written out by hand (not derived from src/access/routes.ts): every route as a
// sample address and where it must land, either a page (by route name) or a redirect target
// (path and query, as the address bar shows it). Drift in the table fails the tests.

export type Landing = { page: string } | { to: string; state?: Record<string, unknown> };

export interface SpecRoute {
  path: string;
  landing: Landing;
  /** Spec: "no auth". */
  open?: boolean;
  /** Spec: old header and footer hidden. */
  bare?: boolean;
}

const page = (path: string, name: string, extra: Partial<SpecRoute> = {}): SpecRoute => ({ path, landing: { page: name }, ...extra });
const to = (path: string, target: string, extra: Partial<SpecRoute> & { state?: Record<string, unknown> } = {}): SpecRoute => {
  const { state, ...rest } = extra;
  return { path, landing: { to: target, ...(state ? { state } : {}) }, ...rest };
};
const open = { open: true };
const bare = { open: true, bare: true };

export const SPEC_ROUTES: SpecRoute[] = [
  // Fixed addresses and the landing page.
  page("/", "index", open),
  page("/view/index.shtml", "index_shtml", open),
  page("/view/login.shtml", "Login", bare),
  page("/view/text/company.shtml", "text_company", open),
  page("/view/text/serviceagreement.shtml", "text_serviceagreement", open),

  // Main.
  page("/helloWorld", "helloWorld"),
  page("/HelloWorld_test", "HelloWorld_test", open),
  page("/Welcome", "Welcome", bare),
  page("/agreement_frame/service_agreement", "agreement_frame", open),
  page("/test_tree_transfer", "test_tree_transfer", open),
  page("/spec/xilin_activity", "xilin_activity", open),

  // Layout without auth.
  page("/mismatch", "mismatch", bare),
  page("/th_official_index", "th_official_index", bare),
  page("/th_business_index", "th_business_index", bare),
  page("/th_business_index/hotel", "th_business_index", bare),
  page("/partner_plan_index", "partner_plan_index", bare),
  page("/wl/index", "WLBusinessWLIndex", bare),
  page("/wl/index/air", "WLBusinessWLIndex", bare),
  page("/gy/index", "GYBusinessGYIndex", bare),
  page("/gy/index/air", "GYBusinessGYIndex", bare),
  page("/airTicket/query", "DomesticAirTicketQuery", open),

  // My-center frame.
  to("/myCenter/index", "/personalCentral/index"),
  to("/myCenter/passengers", "/personnel/passengers"),
  page("/myCenter/import_passengers", "import_passengers"),
  to("/myCenter/quickOrder", "/city/quickOrder"),
  to("/myCenter/external_passengers", "/personnel/externalPersonnel"),
  page("/myCenter/import_external_passengers", "import_external_passengers"),
  page("/myCenter/edit_passengers", "edit_passengers"),
  to("/myCenter/subordinate", "/city/subordinate"),
  page("/myCenter/wallet", "my_wallet"),
  to("/myCenter/rewards_transferred_out", "/finance/rewardsOut"),
  to("/myCenter/rewrads_detail", "/finance/rewradsDetail"),
  page("/myCenter/tianhanbao_detail", "tianhanbao_detail"),

  // Travel management.
  to("/myCenter/credit_member_list", "/personnel/enterpriseStall"),
  page("/myCenter/import_employees", "import_employees"),
  page("/myCenter/my_standard", "my_standard"),
  to("/travel/examination_list", "/travel/audit"),
  to("/travel/applycation_list", "/travel/application"),
  to("/travel/applycation_list?noteType=1", "/travel/audit/order"),
  to("/travel/applycation_list?noteType=2&status=0", "/travel/application?status=0"),
  to("/travel/add_applycation", "/travel/application/add"),
  to("/travel/examination_install_list", "/travel/travelManage/processSettings"),
  to("/travel/examination_install_info?id=4", "/travel/travelManage/editProcessSettings?id=4"),
  to("/travel/standard_install_list", "/travel/travelManage/standardSettings"),
  to("/travel/standard_install_info", "/travel/travelManage/editStandardSettings"),
  to("/travel/preferen_setting", "/travel/travelManage/preferenSettings"),
  to("/travel/replace_install_list", "/travel/travelManage/replaceSettings"),

  // Orders.
  to("/myCenter/order_list/train", "/order/list?type=train"),
  to("/myCenter/order_list/hotel", "/order/list?type=hotel"),
  to("/myCenter/order_list/air", "/order/list?type=airTicket"),
  to("/myCenter/order_list_air", "/order/list?type=airTicket"),
  to("/myCenter/order_list_air?gpFlag=1", "/order/list?type=gp"),
  to("/myCenter/order_list_air?type=gp", "/order/list?type=gp"),
  to("/myCenter/order_list_air?gpFlag=0&type=airTicket", "/order/list?type=airTicket"),
  to("/myCenter/train_order_list", "/order/list?type=train"),
  to("/hotel/orderList", "/order/list?type=hotel"),
  to("/myCenter/my_order_detail/1001", "/ticket/OrderDetails/1001"),
  to("/myCenter/my_order_detail", "/ticket/OrderDetails"),
  to("/myCenter/my_order_domestic_detail/1002", "/ticket/OrderDetails/1002"),
  to("/myCenter/train_order_detail/T88", "/train/OrderDetails/T88", { state: { id: "T88", orderId: "T88" } }),

  // Old bills.
  to("/myCenter/business_bill", "/finance/enterpriseBill"),
  to("/myCenter/transaction_bill", "/bill/transactionBill"),
  to("/myCenter/integral_bill", "/finance/rewradsDetail"),
  to("/myCenter/recharge_bill", "/bill/rechargeBill"),
  to("/myCenter/putforward_bill", "/bill/putforwardBill"),
  to("/myCenter/recom_bill", "/bill/recomBill"),
  to("/myCenter/share_bill", "/bill/shareBill"),
  to("/myCenter/sum_bill", "/bill/airSumBill"),
  to("/myCenter/airSale_bill", "/bill/airSaleBill"),
  to("/myCenter/airRefund_bill", "/bill/airRefundBill"),
  to("/myCenter/airChanges_bill", "/bill/airChangesBill"),

  // Old report forms.
  to("/myCenter/report_form_dom_air", "/finance/reportDetailed?type=domAir"),
  to("/myCenter/report_form_intl_air", "/finance/reportDetailed?type=intlAir"),
  to("/myCenter/report_form_train", "/finance/reportDetailed?type=train"),
  to("/myCenter/report_form_hotel", "/finance/reportDetailed?type=hotel"),
  to("/myCenter/report_form_car", "/finance/reportDetailed?type=car"),

  // User centre.
  page("/myCenter/self_info", "self_info"),
  page("/myCenter/setting", "setting"),
  page("/myCenter/address", "address_list"),
  page("/myCenter/expense_proof", "expense_proof"),
  to("/myCenter/recommended", "/city/recommended"),
  page("/myCenter/invoice_management", "invoice_management"),
  page("/myCenter/messages", "message_centre"),
  page("/myCenter/notice_settings", "notice_settings"),
  page("/myCenter/edit_invoice", "edit_invoice"),
  page("/myCenter/pay_authorization_code", "pay_authorization_code"),

  // Payments.
  page("/recharge/index", "recharge_index"),
  page("/recharge/pay", "recharge_pay"),
  page("/recharge/finish", "recharge_finish"),
  page("/pay/order/5001", "pay_order"),
  page("/pay/hotel/H5002", "pay_hotel"),
  page("/view/pay/finish.shtml?form=recharge&token=abc", "pay_finish"),
  page("/view/airTicket/orderfinish.shtml?token=abc", "air_order_finish"),

  // Flights.
  page("/airTicket/order_info", "order_info"),
  page("/airTicket/order_info_business", "order_info_business"),
  page("/airTicket/order_info_office", "order_info_office"),
  page("/intl/flight_query_list", "intl_flight_query_list"),
  page("/intl/flight_query_list/RT/1", "intl_flight_query_list"),
  page("/intl/international_order_info", "international_order_info"),
  page("/intl/international_order_info_business", "international_order_info_business"),

  // Train.
  page("/train/train_query_list", "train_query_list"),
  page("/train/train_order_info", "train_order_info"),
  page("/train/train_order_pay", "train_order_pay"),
  page("/train/train_order_pay/7/E123", "train_order_pay"),
  page("/train/train_order_finish", "train_order_finish"),
  page("/train/train_ab_query_list", "train_ab_query_list"),
  page("/train/train_ab_order_info", "train_ab_order_info"),
  page("/train/train_nab_query_list", "train_nab_query_list"),
  page("/train/train_nab_order_info", "train_nab_order_info"),
  page("/train/train_transfer", "train_transfer"),

  // Hotel.
  page("/hotel/list", "hotel_list"),
  page("/hotel/orderInfo", "hotel_orderInfo"),
  page("/hotel/index", "hotel_index"),
  page("/hotel/details", "hotel_details"),
  to("/hotel/myOrder/detail/H77", "/hotel/OrderDetails/H77"),

  // Car standards.
  page("/useCarManager/usecar_manager_list", "usecar_manager_list"),
  page("/useCarManager/usecar_install_info", "usecar_install_info"),

  // Approval details: onto the new detail pages.
  to("/travel/examination_info?id=3", "/travel/audit/details?id=3"),
  to("/travel/applycation_detail?id=5", "/travel/apply/details?id=5"),
  to("/travel/dometic_applycation_detail?id=6", "/travel/apply/details?id=6&scope=domestic"),
  to("/travel/intl_applycation_detail?id=7", "/travel/apply/details?id=7&scope=intl"),
  to("/travel/applycation_detail_order?id=8", "/travel/apply/details?id=8&noteType=1"),

  // New workbench routes, by name.
  page("/company/index", "CompanyCentralIndex"),
  page("/order/list", "OrderLists"),
  page("/ticket/OrderDetails", "TicketOrderDetails"),
  page("/ticket/OrderDetails/1001", "TicketOrderDetails"),
  page("/hotel/OrderDetails/H77", "HotelOrderDetails"),
  page("/train/OrderDetails/T88", "TrainOrderDetails"),
  page("/finance/enterpriseBill", "EnterpriseBill"),
  ...(
    [
      ["transactionBill", "TransactionBill"], ["rechargeBill", "RechargeBill"], ["recomBill", "RecomBill"], ["shareBill", "ShareBill"],
      ["airSumBill", "AirSumBill"], ["airSaleBill", "AirSaleBill"], ["airRefundBill", "AirRefundBill"], ["airChangesBill", "AirChangesBill"],
      ["hotelSumBill", "HotelSumBill"], ["trainSumBill", "TrainSumBill"], ["putforwardBill", "PutforwardBill"],
    ] as const
  ).map(([seg, name]) => page(`/bill/${seg}`, name)),
  ...(
    [
      ["settlementSet", "SettlementSet"], ["recharge", "Recharge"], ["rewardsOut", "RewardsOut"], ["rewradsDetail", "RewradsDetail"],
      ["rechargeRecord", "RechargeRecord"], ["reportDetailed", "ReportDetailed"],
    ] as const
  ).map(([seg, name]) => page(`/finance/${seg}`, name)),
  page("/personnel/enterpriseStall", "EnterpriseStall"),
  page("/personnel/externalPersonnel", "ExternalPersonnel"),
  page("/personnel/passengers", "Passengers"),
  page("/travel/travelManage/processSettings", "ProcessSettings"),
  page("/travel/travelManage/editProcessSettings", "EditProcessSettings"),
  page("/travel/travelManage/standardSettings", "StandardSettings"),
  page("/travel/travelManage/editStandardSettings", "EditStandardSettings"),
  page("/travel/travelManage/replaceSettings", "ReplaceSettings"),
  page("/travel/travelManage/preferenSettings", "PreferenSettings"),
  page("/travel/travelManage/noticeSettings", "NoticeSettings"),
  page("/travel/travelManage/disruptions", "TripDisruptions"),
  page("/travel/travelManage/operatorAudit", "OperatorAudit"),
  page("/myCenter/accountCenter", "AccountCenter"),
  page("/personalCentral/index", "PersonalCentralIndex"),
  page("/city/subordinate", "Subordinate"),
  page("/city/recommended", "Recommended"),
  page("/city/quickOrder", "QuickOrder"),
  page("/travelCentral/index", "TravelCentralIndex"),
  page("/travel/audit", "TravelAuditIndex"),
  page("/travel/audit/order", "OrderAuditIndex"),
  page("/travel/audit/details", "AuditDetails"),
  page("/travel/application", "TravelApplicationList"),
  page("/travel/application/add", "AddTravelApplication"),
  page("/travel/application/order", "OrderApplicationList"),
  page("/travel/apply/details", "ApplyDetails"),
  // Routes this project adds: tree item 9, the distribution workbench (tree item 10) and the
  // company's documents (发票管理, tree item 50).
  page("/company/subsidiaries", "Subsidiaries"),
  page("/distribution/index", "DistributionCentralIndex"),
  page("/finance/einvoices", "EinvoiceManage"),
];
