// The member's messages (消息中心) as a Refine resource: listed at message_centre, paged and
// filtered by the server; marking read is a catalogue call. Each message links to what it is
// about: its order's detail page, or its approval's.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { NOTICE_PATHS } from "../../domain/notice-paths";
import type { NoticeRow } from "../../domain/notifications";
import { orderDetailPath } from "../flight-orders";
import { hotelOrderDetailPath } from "../hotel-orders";
import { trainOrderDetailPath } from "../train-orders";
import { auditDetailPath } from "../approvals";

export const notificationsResource: ResourceProps = {
  name: "notifications",
  list: pathFor("message_centre"),
  meta: { label: "消息中心" },
};

export const notificationsEndpoints: ResourceEndpoints = { list: NOTICE_PATHS.list };

/** The bell's query key, so marking read refreshes the count at once. */
export const UNREAD_QUERY = ["notifications", "unread"] as const;

export const messageCentrePath = () => pathFor("message_centre");

/** Where a message leads, or null when it is about nothing one can open. */
export function noticeLink(row: Pick<NoticeRow, "subjectType" | "subjectId" | "params">): string | null {
  if (row.subjectId === null) return null;
  if (row.subjectType === "approval") return auditDetailPath(row.subjectId, row.params.subject === "order" ? "order" : "trip");
  if (row.subjectType !== "order") return null;
  const product = row.params.product;
  const orderNo = typeof row.params.orderNo === "string" ? row.params.orderNo : "";
  if (product === "hotel") return orderNo ? hotelOrderDetailPath(orderNo) : null;
  if (product === "train") return trainOrderDetailPath(row.subjectId);
  return orderDetailPath(row.subjectId);
}
