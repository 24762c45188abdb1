// Hotel orders as a Refine resource: listed in the OrderLists page's 酒店订单 tab and shown at
// HotelOrderDetails by order number, and updated by 修改订单 (guests, contact, arrival, requests).
// Cancelling is the named action "cancel" (an update posted to its own path).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { HOTEL_ORDER_PATHS } from "../../domain/orders/hotel-types";

export const hotelOrdersResource: ResourceProps = {
  name: "hotel-orders",
  list: pathFor("OrderLists"),
  show: "/hotel/OrderDetails/:id",
  meta: { label: "酒店订单" },
};

export const hotelOrdersEndpoints: ResourceEndpoints = { list: HOTEL_ORDER_PATHS.list, one: HOTEL_ORDER_PATHS.detail, update: HOTEL_ORDER_PATHS.modify, idField: "orderNo", actions: { cancel: HOTEL_ORDER_PATHS.cancel } };

export { hotelOrderDetailPath, hotelPayPath } from "../../access/order-paths";
