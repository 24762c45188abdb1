// Quick order: an agent books for one of its subordinates. The member travels in the address
// (forMemberId) from the quick-order list through the flight search to the order form, which
// names them ("为 X 下单") and sends them with the order; the server books only for the caller's
// own subordinates. An id that is not one of them is announced, and the order is the agent's own.
import { useList, type HttpError, useTranslate } from "@refinedev/core";
import { Alert, Button } from "antd";
import { useSearchParams } from "react-router";
import { BOOK_FOR_PARAM } from "../../domain/people/network-paths";
import type { SubordinateRow } from "../../domain/people/network";


export interface BookFor {
  /** The subordinate the order is for, once the server confirmed it is the caller's. */
  member: SubordinateRow | null;
  /** Asked for in the address, not yet known or not a subordinate. */
  requested: number | null;
  loading: boolean;
}

export function useBookFor(): BookFor {
  const [params] = useSearchParams();
  const raw = params.get(BOOK_FOR_PARAM);
  const requested = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const { result, query } = useList<SubordinateRow, HttpError>({
    resource: "subordinates",
    filters: [{ field: "id", operator: "eq", value: requested }],
    pagination: { currentPage: 1, pageSize: 1 },
    errorNotification: false,
    queryOptions: { enabled: requested !== null, retry: false },
  });
  const member = requested !== null ? (result.data.find((m) => m.id === requested) ?? null) : null;
  return { member, requested, loading: requested !== null && query.isLoading };
}

export function BookForBanner({ bookFor }: { bookFor: BookFor }) {
  const t = useTranslate();
  const [, setParams] = useSearchParams();
  if (bookFor.requested === null || bookFor.loading) return null;
  const drop = (
    <Button size="small" onClick={() => setParams((p) => { const next = new URLSearchParams(p); next.delete(BOOK_FOR_PARAM); return next; })}>
      {t("network.quickOrder.cancelFor")}
    </Button>
  );
  if (!bookFor.member) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t("network.quickOrder.bookingForUnknown")} action={drop} />;
  const name = bookFor.member.realName ?? bookFor.member.mobilePhone;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t("network.quickOrder.bookingFor", { name })}
      description={`${bookFor.member.mobilePhone} · ${t("network.quickOrder.bookingForHint")}`}
      action={drop}
      role="status"
    />
  );
}
