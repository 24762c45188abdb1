// The 酒店订单 tab of OrderLists: the member's hotel orders (a company administrator's also the
// company's) in the shared order list, each status as a tag in its colour. Fixed widths for the
// short columns; the hotel and room take what is left, wrapping.
import { Tag, Typography } from "antd";
import { Link } from "react-router";
import { HOTEL_ORDER_STATUS_CODES, hotelOrderColor, HOTEL_ORDER_LABELS } from "../../domain/orders/hotel";
import type { HotelOrderRow } from "../../domain/orders/hotel-types";
import { formatChinaTime } from "../../domain/format";
import { hotelOrderDetailPath } from "./index";
import { OrderListTable, NOWRAP } from "../OrderListTable";
import type { PageAction } from "../../layout/page-info";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

export function HotelOrderList({ empty, action }: { empty: string; action: PageAction }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  return (
    <OrderListTable<HotelOrderRow>
      resource="hotel-orders"
      ns="hotelOrder"
      testId="hotel-order-list"
      statuses={HOTEL_ORDER_STATUS_CODES}
      statusLabel={(c) => codeLabel(HOTEL_ORDER_LABELS, c)}
      scrollX={820}
      empty={empty}
      action={action}
      columns={() => [
        {
          ...NOWRAP, title: t("hotelOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", width: 190,
          render: (v: string, r) => (
            <div>
              <Link to={hotelOrderDetailPath(v)}>{v}</Link>
              <div><Typography.Text type="secondary">{formatChinaTime(r.createTime)}</Typography.Text></div>
            </div>
          ),
        },
        {
          title: t("hotelOrder.list.hotel"), key: "hotel",
          render: (_: unknown, r) => (
            <div>
              <Typography.Text strong>{r.hotelName}</Typography.Text>
              <div><Typography.Text type="secondary">{r.cityName} · {r.roomName} · {t("hotelOrder.roomUnit", { n: r.roomCount })}</Typography.Text></div>
            </div>
          ),
        },
        {
          ...NOWRAP, title: t("hotelOrder.list.stay"), key: "stay", width: 120,
          render: (_: unknown, r) => (
            <div>
              <div>{r.checkIn}</div>
              <div>{r.checkOut}</div>
              <Typography.Text type="secondary">{t("hotelOrder.nights", { n: r.nights })}</Typography.Text>
            </div>
          ),
        },
        { title: t("hotelOrder.list.guests"), dataIndex: "guestNames", key: "guestNames", width: 90, render: (v: string[]) => v.join("、") },
        { ...NOWRAP, title: t("hotelOrder.list.amount"), dataIndex: "payprice", key: "payprice", width: 100, render: (v: number) => moneyText(v) },
        { ...NOWRAP, title: t("hotelOrder.list.status"), dataIndex: "status", key: "status", width: 90, render: (v: number) => <Tag color={hotelOrderColor(v)}>{codeLabel(HOTEL_ORDER_LABELS, v)}</Tag> },
        { ...NOWRAP, title: t("hotelOrder.list.actions"), key: "actions", fixed: "right", width: 80, render: (_: unknown, r) => <Link to={hotelOrderDetailPath(r.orderNo)}>{t("hotelOrder.list.view")}</Link> },
      ]}
    />
  );
}
