// Train orders as a Refine resource: listed in the OrderLists page's 火车票订单 tab and shown at
// TrainOrderDetails by order id. Cancelling, 退票 and 改签 are catalogue calls (TRAIN_ORDER_PATHS).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { TRAIN_ORDER_PATHS } from "../../domain/orders/train-types";

export const trainOrdersResource: ResourceProps = {
  name: "train-orders",
  list: pathFor("OrderLists"),
  show: "/train/OrderDetails/:id",
  meta: { label: "火车票订单" },
};

export const trainOrdersEndpoints: ResourceEndpoints = { list: TRAIN_ORDER_PATHS.list, one: TRAIN_ORDER_PATHS.detail, idField: "orderId" };

/** The detail page of an order. */
export const trainOrderDetailPath = (orderId: number | string) => pathFor("TrainOrderDetails", { orderId: String(orderId) });
/** The cashier of an unpaid order. */
export const trainPayPath = (orderId: number | string, orderNo: string) => pathFor("train_order_pay", { id: String(orderId), orderNo });
