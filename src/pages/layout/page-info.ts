// Titles and empty states of the pages the route table names (zh first, with an English twin).
// A page whose data has not been loaded yet says so plainly and offers the next useful step,
// e.g. "暂无机票订单" with a link to the flight search.
import type { LocalText } from "../../access";

export interface PageAction {
  label: LocalText;
  to: string;
  query?: Record<string, string>;
}

export interface PageInfo {
  title: LocalText;
  /** The page it belongs under (breadcrumb and selected navigation item). */
  parent?: string;
  empty?: LocalText;
  action?: PageAction;
}

type T = [zh: string, en: string];
const L = ([zh, en]: T): LocalText => ({ zh, en });
const act = (label: T, to: string, query?: Record<string, string>): PageAction => ({ label: L(label), to, query });
function p(title: T, empty?: T, action?: PageAction, parent?: string): PageInfo {
  return { title: L(title), empty: empty && L(empty), action, parent };
}

const BOOK_AIR = act(["预订机票", "Book a flight"], "DomesticAirTicketQuery");
const BOOK_TRAIN = act(["预订火车票", "Book a train"], "train_query_list");
const BOOK_HOTEL = act(["预订酒店", "Book a hotel"], "hotel_index");
const orders = (type: string, label: T = ["查看订单", "View orders"]) => act(label, "OrderLists", { type });

export const PAGE_INFO: Readonly<Record<string, PageInfo>> = {
  // Workbench homes (their own pages; titles serve breadcrumbs and navigation).
  CompanyCentralIndex: p(["企业工作台", "Enterprise workbench"]),
  TravelCentralIndex: p(["差旅工作台", "Travel workbench"]),
  PersonalCentralIndex: p(["账户中心", "Account centre"]),
  DistributionCentralIndex: p(["分销工作台", "Distribution workbench"]),

  // Orders.
  OrderLists: p(["订单管理", "Orders"]),
  TicketOrderDetails: p(["机票订单详情", "Flight order"], ["未找到该机票订单", "This flight order was not found"], orders("airTicket", ["返回机票订单", "Back to flight orders"]), "OrderLists"),
  HotelOrderDetails: p(["酒店订单详情", "Hotel order"], ["未找到该酒店订单", "This hotel order was not found"], orders("hotel", ["返回酒店订单", "Back to hotel orders"]), "OrderLists"),
  TrainOrderDetails: p(["火车票订单详情", "Train order"], ["未找到该火车票订单", "This train order was not found"], orders("train", ["返回火车票订单", "Back to train orders"]), "OrderLists"),

  // Bills and finance.
  EnterpriseBill: p(["企业账单", "Enterprise bill"], ["暂无企业账单，员工出行产生的费用将按月汇总在这里", "No enterprise bills yet"], act(["查看交易账单", "Transaction bill"], "TransactionBill")),
  TransactionBill: p(["交易账单", "Transaction bill"], ["暂无交易记录", "No transactions yet"], BOOK_AIR),
  RechargeBill: p(["充值账单", "Recharge bill"], ["暂无充值记录", "No recharges yet"], act(["账户充值", "Recharge"], "Recharge")),
  RecomBill: p(["推荐收益账单", "Recommendation income"], ["暂无推荐收益", "No recommendation income yet"], act(["推荐会员", "Recommend members"], "Recommended")),
  ShareBill: p(["分润收益", "Share income"], ["暂无分润收益", "No share income yet"], act(["下级管理", "Subordinates"], "Subordinate")),
  AirSumBill: p(["机票报表", "Air report"], ["暂无机票销售数据", "No flight sales yet"]),
  AirSaleBill: p(["机票销售报表", "Air sales report"], ["暂无机票销售记录", "No flight sales yet"]),
  AirRefundBill: p(["机票退票报表", "Air refund report"], ["暂无机票退票记录", "No flight refunds yet"]),
  AirChangesBill: p(["机票改签报表", "Air change report"], ["暂无机票改签记录", "No flight changes yet"]),
  HotelSumBill: p(["酒店报表", "Hotel report"], ["暂无酒店消费数据", "No hotel spending yet"]),
  TrainSumBill: p(["火车票报表", "Train report"], ["暂无火车票消费数据", "No train spending yet"]),
  PutforwardBill: p(["提现账单", "Withdrawal bill"], ["暂无提现记录", "No withdrawals yet"]),
  SettlementSet: p(["结算设置", "Settlement settings"], ["尚未设置结算方式，设置后员工出行费用将按约定周期统一结算", "No settlement method set yet"]),
  Recharge: p(["账户充值", "Recharge"], ["暂无充值记录", "No recharges yet"], act(["充值记录", "Recharge records"], "RechargeRecord")),
  RewardsOut: p(["奖励转出", "Reward transfers"], ["暂无奖励转出记录", "No reward transfers yet"], act(["奖励明细", "Reward details"], "RewradsDetail")),
  RewradsDetail: p(["奖励明细", "Reward details"], ["暂无奖励明细", "No rewards yet"]),
  RechargeRecord: p(["充值记录", "Recharge records"], ["暂无充值记录", "No recharges yet"], act(["账户充值", "Recharge"], "Recharge")),
  ReportDetailed: p(["明细报表", "Detailed report"], ["暂无报表数据", "No report data yet"]),

  // People.
  EnterpriseStall: p(["企业员工", "Enterprise staff"]), // its own page: src/resources/employees/list.tsx
  ExternalPersonnel: p(["外部出行人", "External travellers"], ["暂无外部出行人", "No external travellers yet"]),
  Passengers: p(["常用旅客", "Frequent travellers"], ["暂无常用旅客", "No frequent travellers yet"]),
  Subsidiaries: p(["子公司管理", "Subsidiaries"], ["暂无子公司", "No subsidiaries yet"]),
  Subordinate: p(["下级管理", "Subordinates"], ["暂无下级会员", "No subordinate members yet"], act(["推荐会员", "Recommend members"], "Recommended")),
  Recommended: p(["推荐会员", "Recommended members"], ["暂无推荐会员", "No recommended members yet"]),
  QuickOrder: p(["快速下单", "Quick order"], ["暂无快速下单记录", "No quick orders yet"], BOOK_AIR),
  import_passengers: p(["导入常用旅客", "Import travellers"], ["暂无导入记录", "Nothing imported yet"], act(["返回常用旅客", "Back to travellers"], "Passengers"), "Passengers"),
  import_external_passengers: p(["导入外部出行人", "Import external travellers"], ["暂无导入记录", "Nothing imported yet"], act(["返回外部出行人", "Back"], "ExternalPersonnel"), "ExternalPersonnel"),
  edit_passengers: p(["编辑常用旅客", "Edit traveller"], ["未找到该旅客", "This traveller was not found"], act(["返回常用旅客", "Back to travellers"], "Passengers"), "Passengers"),
  import_employees: p(["导入员工", "Import employees"], ["暂无导入记录", "Nothing imported yet"], act(["返回企业员工", "Back to staff"], "EnterpriseStall"), "EnterpriseStall"),

  // Travel management, approvals and applications.
  ProcessSettings: p(["审批流程设置", "Approval process settings"], ["尚未设置审批流程", "No approval process yet"]),
  EditProcessSettings: p(["编辑审批流程", "Edit approval process"], ["未找到要编辑的审批流程", "No approval process selected"], act(["返回审批流程", "Back"], "ProcessSettings"), "ProcessSettings"),
  StandardSettings: p(["差旅标准", "Travel standards"], ["尚未设置差旅标准", "No travel standards yet"]),
  EditStandardSettings: p(["编辑差旅标准", "Edit travel standard"], ["未找到要编辑的差旅标准", "No travel standard selected"], act(["返回差旅标准", "Back"], "StandardSettings"), "StandardSettings"),
  ReplaceSettings: p(["代订人设置", "Booking agent settings"], ["暂无代订人", "No booking agents yet"]),
  PreferenSettings: p(["偏好设置", "Preferences"], ["暂未设置出行偏好", "No preferences set yet"]),
  my_standard: p(["我的差旅标准", "My travel standard"], ["暂未为您设置差旅标准，如需出行请联系企业管理员", "No travel standard has been set for you"]),
  usecar_manager_list: p(["用车标准", "Car-use standards"], ["尚未设置用车标准", "No car-use standards yet"]),
  usecar_install_info: p(["编辑用车标准", "Edit car-use standard"], ["未找到要编辑的用车标准", "No car-use standard selected"], act(["返回用车标准", "Back"], "usecar_manager_list"), "usecar_manager_list"),
  TravelAuditIndex: p(["行程审批", "Trip approvals"], ["暂无待审批的出差申请", "No trip applications to approve"]),
  OrderAuditIndex: p(["订单审批", "Order approvals"], ["暂无待审批的订单", "No orders to approve"]),
  AuditDetails: p(["审批详情", "Approval details"], ["未找到该审批单", "This approval was not found"], act(["返回行程审批", "Back"], "TravelAuditIndex"), "TravelAuditIndex"),
  TravelApplicationList: p(["行程申请", "Trip applications"], ["暂无出差申请", "No trip applications yet"]),
  AddTravelApplication: p(["新建出差申请", "New trip application"], ["暂无出差申请草稿", "No draft applications"], act(["返回行程申请", "Back"], "TravelApplicationList"), "TravelApplicationList"),
  OrderApplicationList: p(["订单申请", "Order applications"], ["暂无订单申请", "No order applications yet"], BOOK_AIR),
  ApplyDetails: p(["申请详情", "Application details"], ["未找到该申请单", "This application was not found"], act(["返回行程申请", "Back"], "TravelApplicationList"), "TravelApplicationList"),

  // The user's own account.
  AccountCenter: p(["账户中心", "Account centre"]),
  self_info: p(["个人资料", "Profile"]),
  setting: p(["账户设置", "Account settings"]),
  my_wallet: p(["我的钱包", "My wallet"], ["暂无钱包流水", "No wallet activity yet"], act(["账户充值", "Recharge"], "recharge_index")),
  tianhanbao_detail: p(["天航宝明细", "Tianhangbao details"], ["暂无天航宝明细", "No Tianhangbao activity yet"], undefined, "my_wallet"),
  address_list: p(["常用地址", "Addresses"], ["暂无常用地址", "No addresses yet"]),
  expense_proof: p(["报销凭证", "Expense receipts"], ["暂无可开具的报销凭证", "No receipts available yet"], orders("airTicket")),
  invoice_management: p(["发票抬头", "Invoice titles"], ["暂无发票抬头", "No invoice titles yet"]),
  edit_invoice: p(["编辑发票抬头", "Edit invoice title"], ["未找到该发票抬头", "This invoice title was not found"], act(["返回发票抬头", "Back"], "invoice_management"), "invoice_management"),
  pay_authorization_code: p(["支付授权码", "Payment authorisation code"], ["暂未生成支付授权码", "No authorisation code yet"]),
  recharge_index: p(["账户充值", "Recharge"], ["暂无充值记录", "No recharges yet"], act(["我的钱包", "My wallet"], "my_wallet"), "my_wallet"),
  recharge_pay: p(["充值支付", "Recharge payment"], ["未找到待支付的充值单", "No recharge awaiting payment"], act(["账户充值", "Recharge"], "recharge_index"), "recharge_index"),
  recharge_finish: p(["充值完成", "Recharge complete"], ["未找到本次充值结果", "No recharge result found"], act(["我的钱包", "My wallet"], "my_wallet"), "recharge_index"),

  // Booking.
  DomesticAirTicketQuery: p(["国内机票", "Domestic flights"], ["暂无航班查询结果", "No flight search yet"], orders("airTicket", ["查看机票订单", "Flight orders"])),
  order_info: p(["填写机票订单", "Flight booking"], ["尚未选择航班，请先查询航班", "No flight selected"], act(["查询航班", "Search flights"], "DomesticAirTicketQuery"), "DomesticAirTicketQuery"),
  order_info_business: p(["填写因公机票订单", "Business flight booking"], ["尚未选择航班，请先查询航班", "No flight selected"], act(["查询航班", "Search flights"], "DomesticAirTicketQuery"), "DomesticAirTicketQuery"),
  order_info_office: p(["填写公务机票订单", "Government-fare flight booking"], ["尚未选择航班，请先查询航班", "No flight selected"], act(["查询航班", "Search flights"], "DomesticAirTicketQuery"), "DomesticAirTicketQuery"),
  intl_flight_query_list: p(["国际机票", "International flights"], ["暂无国际航班查询结果", "No international flight search yet"], orders("airTicket", ["查看机票订单", "Flight orders"])),
  international_order_info: p(["填写国际机票订单", "International flight booking"], ["尚未选择国际航班", "No flight selected"], act(["查询国际航班", "Search flights"], "intl_flight_query_list"), "intl_flight_query_list"),
  international_order_info_business: p(["填写因公国际机票订单", "Business international booking"], ["尚未选择国际航班", "No flight selected"], act(["查询国际航班", "Search flights"], "intl_flight_query_list"), "intl_flight_query_list"),
  train_query_list: p(["火车票", "Trains"], ["暂无车次查询结果", "No train search yet"], orders("train", ["查看火车票订单", "Train orders"])),
  train_order_info: p(["填写火车票订单", "Train booking"], ["尚未选择车次，请先查询车次", "No train selected"], act(["查询车次", "Search trains"], "train_query_list"), "train_query_list"),
  train_order_pay: p(["火车票支付", "Train payment"], ["未找到待支付的火车票订单", "No train order awaiting payment"], orders("train"), "train_query_list"),
  train_order_finish: p(["火车票预订完成", "Train booking complete"], ["未找到本次预订的订单", "No booking found"], orders("train"), "train_query_list"),
  train_ab_query_list: p(["火车票查询（12306账号购票）", "Trains (own 12306 account)"], ["暂无车次查询结果", "No train search yet"], BOOK_TRAIN, "train_query_list"),
  train_ab_order_info: p(["填写火车票订单（12306账号购票）", "Train booking (own account)"], ["尚未选择车次", "No train selected"], BOOK_TRAIN, "train_query_list"),
  train_nab_query_list: p(["火车票查询（免账号购票）", "Trains (no account)"], ["暂无车次查询结果", "No train search yet"], BOOK_TRAIN, "train_query_list"),
  train_nab_order_info: p(["填写火车票订单（免账号购票）", "Train booking (no account)"], ["尚未选择车次", "No train selected"], BOOK_TRAIN, "train_query_list"),
  train_transfer: p(["中转换乘", "Train transfers"], ["暂无中转方案", "No transfer options yet"], BOOK_TRAIN, "train_query_list"),
  hotel_index: p(["酒店", "Hotels"], ["暂无酒店查询结果", "No hotel search yet"], orders("hotel", ["查看酒店订单", "Hotel orders"])),
  hotel_list: p(["酒店列表", "Hotel list"], ["暂无符合条件的酒店", "No matching hotels"], BOOK_HOTEL, "hotel_index"),
  hotel_details: p(["酒店详情", "Hotel details"], ["未找到该酒店", "This hotel was not found"], BOOK_HOTEL, "hotel_index"),
  hotel_orderInfo: p(["填写酒店订单", "Hotel booking"], ["尚未选择房型，请先查询酒店", "No room selected"], BOOK_HOTEL, "hotel_index"),
  pay_order: p(["订单支付", "Payment"], ["未找到待支付的订单", "No order awaiting payment"], orders("airTicket")),
  pay_hotel: p(["酒店订单支付", "Hotel payment"], ["未找到待支付的酒店订单", "No hotel order awaiting payment"], orders("hotel")),
  pay_finish: p(["支付完成", "Payment complete"], ["未找到本次支付记录", "No payment found"], orders("airTicket")),
  air_order_finish: p(["机票预订完成", "Flight booking complete"], ["未找到本次预订的订单", "No booking found"], orders("airTicket")),

  // Other pages of the main router.
  helloWorld: p(["欢迎回来", "Welcome back"], ["目前没有需要您处理的事项", "Nothing needs your attention"], act(["进入我的工作台", "My workbench"], "my_center_index")),
  HelloWorld_test: p(["页面框架检查", "Layout check"], ["此页面用于检查页面框架与导航是否正常显示，不含业务数据", "This page checks the layout and holds no data"], act(["返回首页", "Home"], "index")),
  test_tree_transfer: p(["人员选择检查", "People picker check"], ["此页面用于检查人员选择组件，当前没有可选择的人员", "No people to pick"], act(["返回首页", "Home"], "index")),
};

/**
 * The page a page sits under. One detail page serves two lists: an approval's details belong to
 * 订单审批 when opened from there (?kind=order), else to 行程审批.
 */
export function parentOf(name: string, query: Record<string, string> = {}): string | undefined {
  if (name === "AuditDetails" && query.kind === "order") return "OrderAuditIndex";
  return PAGE_INFO[name]?.parent;
}

export function pageTitle(name: string, lang: "zh" | "en" = "zh"): string {
  return PAGE_INFO[name]?.title[lang] ?? name;
}
