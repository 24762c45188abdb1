// The 机票订单 tab of OrderLists: the member's flight orders (a company administrator's also the
// company's) in the shared order list, each status as a tag in its colour, a business order
// marked 因公 (超标 in red) with the time its approval has left. The 公务机票订单 tab is the same
// list of the 政府采购 orders (gp), which the server keeps out of the 机票 one.
import { Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { FLIGHT_ORDER_STATUS, FLIGHT_ORDER_STATUS_CODES, flightOrderColor, FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { Countdown } from "../../components/orders/Countdown";
import { PARTIAL_TAG_LABELS } from "../../domain/orders/flight-tickets";
import type { FlightOrderRow } from "../../domain/orders/flight-types";
import { formatChinaTime as when } from "../../domain/format";
import { orderDetailPath } from "./index";
import { OrderListTable, NOWRAP } from "../OrderListTable";
import type { PageAction } from "../../layout/page-info";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { DisruptionTag } from "../../components/disruption";
import { moneyText } from "../../domain/money";

export function FlightOrderList({ empty, action, gp = false }: { empty: string; action: PageAction; gp?: boolean }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  return (
    <OrderListTable<FlightOrderRow>
      resource="flight-orders"
      ns="flightOrder"
      testId={gp ? "gp-order-list" : "flight-order-list"}
      params={{ gpFlag: gp ? 1 : 0 }}
      scrollX={820}
      statuses={FLIGHT_ORDER_STATUS_CODES}
      statusLabel={(c) => codeLabel(FLIGHT_ORDER_LABELS, c)}
      empty={empty}
      action={action}
      columns={(refetch) => [
        // Widths add up to less than the list's room at 1280 px; the status tags wrap inside their
        // own cell, so none slides under the fixed 操作 column.
        {
          ...NOWRAP, title: t("flightOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", width: 180,
          render: (v: string, r) => (
            <div>
              <Link to={orderDetailPath(r.id)}>{v}</Link>
              <div><Typography.Text type="secondary">{when(r.createTime)}</Typography.Text></div>
            </div>
          ),
        },
        {
          title: t("flightOrder.list.route"), key: "route",
          render: (_: unknown, r) => (
            <div>
              <Typography.Text strong>{r.depCityName} {r.trip === "rt" ? "⇄" : "→"} {r.arrCityName}</Typography.Text>
              {r.international ? <Tag color="purple" style={{ marginInlineStart: 8 }}>{t("intlOrder.tag")}</Tag> : null}
              {/* A round trip or a domestic connection: one order of two flights. */}
              {r.trip === "rt" || r.trip === "transit" ? (
                <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="order-trip">{t(`flightTrip.trip.${r.trip}`)}</Tag>
              ) : r.segmentCount > 1 ? <Tag>{t("intlOrder.transfer", { count: r.segmentCount - 1 })}</Tag> : null}
              <div><Typography.Text type="secondary">{r.flightNo} · {r.depDate} {r.depTime}</Typography.Text></div>
            </div>
          ),
        },
        { title: t("flightOrder.list.passengers"), dataIndex: "passengerNames", key: "passengerNames", width: 90, render: (v: string[]) => v.join("、") },
        { ...NOWRAP, title: t("flightOrder.list.amount"), dataIndex: "payprice", key: "payprice", width: 100, render: (v: number) => moneyText(v) },
        {
          title: t("flightOrder.list.status"), dataIndex: "status", key: "status", width: 150,
          render: (v: number, r) => (
            <div>
              <Space size={[0, 4]} wrap>
                <Tag color={flightOrderColor(v)}>{codeLabel(FLIGHT_ORDER_LABELS, v)}</Tag>
                {r.partial?.map((tag) => <Tag key={tag} color={tag === "partialRefund" ? "purple" : "cyan"}>{codeLabel(PARTIAL_TAG_LABELS, tag)}</Tag>)}
                <DisruptionTag status={r.disruption} />
                {r.travelType === "business" && <Tag color={r.overStandard ? "red" : "blue"}>{t(r.overStandard ? "business.overTag" : "business.onBusiness")}</Tag>}
              </Space>
              {v === FLIGHT_ORDER_STATUS.approving && r.expiresAt && (
                <div><Typography.Text type="warning" style={{ fontSize: 12 }}><Countdown until={r.expiresAt} onEnd={refetch} textKey="business.approveWithin" /></Typography.Text></div>
              )}
            </div>
          ),
        },
        // The way into the order stays in sight while a narrow window scrolls the rest.
        { ...NOWRAP, title: t("flightOrder.list.actions"), key: "actions", fixed: "right", width: 80, render: (_: unknown, r) => <Link to={orderDetailPath(r.id)}>{t("flightOrder.list.view")}</Link> },
      ]}
    />
  );
}
