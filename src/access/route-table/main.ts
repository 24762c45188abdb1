// Public, landing, payment and booking routes (layout without auth, payments, flights, trains,
// hotels) plus the fixed addresses named elsewhere.
import { fillPath, route, type RouteDef } from "./define";
import { workbenchPath } from "./workbench";

const open = { auth: false } as const;
const bare = { auth: false, chrome: "bare" } as const;
const booking = { area: "booking" } as const;

export const MAIN_ROUTES: RouteDef[] = [
  // The landing page: '/' and the default address after logout.
  route("/", "index", { ...open, headerStyle: "transparent" }),
  route("/view/index.shtml", "index_shtml", { ...open, headerStyle: "transparent" }),
  route("/view/login.shtml", "Login", bare),
  // Footer links.
  route("/view/text/company.shtml", "text_company", open),
  route("/view/text/serviceagreement.shtml", "text_serviceagreement", open),

  // Main.
  route("/helloWorld", "helloWorld"),
  route("/HelloWorld_test", "HelloWorld_test", open),
  route("/Welcome", "Welcome", bare),
  route("/agreement_frame/:type", "agreement_frame", open),
  route("/test_tree_transfer", "test_tree_transfer", open),
  route("/spec/xilin_activity", "xilin_activity", { ...open, headerStyle: "transparent" }),

  // Layout without auth.
  route("/mismatch", "mismatch", bare),
  route("/th_official_index", "th_official_index", bare),
  route("/th_business_index/:type?", "th_business_index", bare),
  route("/partner_plan_index", "partner_plan_index", bare),
  route("/wl/index/:type?", "WLBusinessWLIndex", bare),
  route("/gy/index/:type?", "GYBusinessGYIndex", bare),
  route("/airTicket/query", "DomesticAirTicketQuery", { ...open, ...booking }),

  // Payments. Recharge is the wallet's, so it sits in the account area.
  route("/recharge/index", "recharge_index", { area: "account", headerStyle: "white" }),
  route("/recharge/pay", "recharge_pay", { area: "account", headerStyle: "white" }),
  route("/recharge/finish", "recharge_finish", { area: "account", headerStyle: "white" }),
  route("/pay/order/:orderId", "pay_order", booking),
  route("/pay/hotel/:orderNo", "pay_hotel", booking),
  route("/view/pay/finish.shtml", "pay_finish", booking),
  route("/view/airTicket/orderfinish.shtml", "air_order_finish", booking),

  // Flights.
  route("/airTicket/order_info", "order_info", booking),
  route("/airTicket/order_info_business", "order_info_business", booking),
  route("/airTicket/order_info_office", "order_info_office", booking),
  route("/intl/flight_query_list/:queryType?/:isFirst?", "intl_flight_query_list", booking),
  route("/intl/international_order_info", "international_order_info", booking),
  route("/intl/international_order_info_business", "international_order_info_business", booking),

  // Train.
  route("/train/train_query_list", "train_query_list", booking),
  route("/train/train_order_info", "train_order_info", booking),
  route("/train/train_order_pay/:id?/:orderNo?", "train_order_pay", booking),
  route("/train/train_order_finish", "train_order_finish", booking),
  route("/train/train_ab_query_list", "train_ab_query_list", booking),
  route("/train/train_ab_order_info", "train_ab_order_info", booking),
  route("/train/train_nab_query_list", "train_nab_query_list", booking),
  route("/train/train_nab_order_info", "train_nab_order_info", booking),
  route("/train/train_transfer", "train_transfer", booking),

  // Hotel.
  route("/hotel/list", "hotel_list", booking),
  route("/hotel/orderInfo", "hotel_orderInfo", booking),
  route("/hotel/index", "hotel_index", booking),
  route("/hotel/details", "hotel_details", booking),
  // The old hotel order detail lands on the workbench's, like the flight and train ones.
  route("/hotel/myOrder/detail/:orderNo", "hotel_order_detail", {
    area: "workbench",
    headerStyle: "white",
    redirect: ({ params, query }) => ({ path: fillPath(workbenchPath("HotelOrderDetails"), params), query }),
  }),
];
