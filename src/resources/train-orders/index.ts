// Train orders as a Refine resource: listed in the OrderLists page's 火车票订单 tab and shown at
// TrainOrderDetails by order id. A confirmed 退票 or 改签 is a create on its own resource; quotes are
// catalogue calls (TRAIN_ORDER_PATHS); cancelling the order or its change are named actions.
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

export const trainOrdersEndpoints: ResourceEndpoints = { list: TRAIN_ORDER_PATHS.list, one: TRAIN_ORDER_PATHS.detail, idField: "orderId", actions: { cancel: TRAIN_ORDER_PATHS.cancel, changeCancel: TRAIN_ORDER_PATHS.changeCancel } };

/** A confirmed refund of a train order (mode "confirm"; the reply is the refund it made). */
export const TRAIN_REFUNDS = "train-refunds";
/** A confirmed change of a train order to another train or seat. */
export const TRAIN_CHANGES = "train-changes";
export const trainAfterSalesEndpoints: Record<string, ResourceEndpoints> = {
  [TRAIN_REFUNDS]: { create: TRAIN_ORDER_PATHS.refund },
  [TRAIN_CHANGES]: { create: TRAIN_ORDER_PATHS.changeConfirm },
};

export { trainOrderDetailPath, trainPayPath } from "../../access/order-paths";
