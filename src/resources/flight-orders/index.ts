// Domestic flight orders as a Refine resource: listed in the OrderLists page's 机票订单 tab and
// shown at TicketOrderDetails. Refunds and changes are resources of their own (after-sales.ts, with
// the dialogs); cancelling is the named action "cancel" (an update posted to its own path).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { FLIGHT_ORDER_PATHS } from "../../domain/orders/flight-types";

export const flightOrdersResource: ResourceProps = {
  name: "flight-orders",
  list: pathFor("OrderLists"),
  show: "/ticket/OrderDetails/:id",
  meta: { label: "机票订单" },
};

export const flightOrdersEndpoints: ResourceEndpoints = { list: FLIGHT_ORDER_PATHS.list, one: FLIGHT_ORDER_PATHS.detail, actions: { cancel: FLIGHT_ORDER_PATHS.cancel } };

export { orderDetailPath } from "../../access/order-paths";
