// The 火车票订单 tab of OrderLists: the member's train orders (a company administrator's also the
// company's) in the shared order list, each status as a tag in its colour. Fixed widths for the
// short columns; the train and route take what is left.
import { Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { TRAIN_ORDER_STATUS_CODES, trainOrderColor, TRAIN_ORDER_LABELS } from "../../domain/orders/train";
import type { TrainOrderRow } from "../../domain/orders/train-types";
import { formatChinaTime } from "../../domain/format";
import { trainOrderDetailPath } from "./index";
import { channelText } from "./channel";
import { OrderListTable, NOWRAP } from "../OrderListTable";
import type { PageAction } from "../../layout/page-info";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { DisruptionTag } from "../../components/disruption";
import { moneyText } from "../../domain/money";

export function TrainOrderList({ empty, action }: { empty: string; action: PageAction }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  return (
    <OrderListTable<TrainOrderRow>
      resource="train-orders"
      ns="trainOrder"
      testId="train-order-list"
      statuses={TRAIN_ORDER_STATUS_CODES}
      statusLabel={(c) => codeLabel(TRAIN_ORDER_LABELS, c)}
      scrollX={820}
      empty={empty}
      action={action}
      columns={() => [
        {
          ...NOWRAP, title: t("trainOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", width: 190,
          render: (v: string, r) => (
            <div>
              <Link to={trainOrderDetailPath(r.id)}>{v}</Link>
              <div><Typography.Text type="secondary">{formatChinaTime(r.createTime)}</Typography.Text></div>
            </div>
          ),
        },
        {
          title: t("trainOrder.list.train"), key: "train",
          render: (_: unknown, r) => (
            <div>
              <Typography.Text strong>{r.trainNo}</Typography.Text>
              <div><Typography.Text type="secondary">{r.fromStation} → {r.toStation} · {r.seatName}</Typography.Text></div>
              <div><Typography.Text type="secondary" data-testid="order-channel">{t("trainChannel.label")}{t("common.colon")}{channelText(r, t)}</Typography.Text></div>
            </div>
          ),
        },
        {
          ...NOWRAP, title: t("trainOrder.list.departure"), key: "departure", width: 130,
          render: (_: unknown, r) => (
            <div>
              <div>{r.depDate}</div>
              <Typography.Text type="secondary">{r.depTime} – {r.arrTime}</Typography.Text>
            </div>
          ),
        },
        { title: t("trainOrder.list.passengers"), dataIndex: "passengerNames", key: "passengerNames", width: 110, render: (v: string[]) => v.join("、") },
        { ...NOWRAP, title: t("trainOrder.list.amount"), dataIndex: "payprice", key: "payprice", width: 100, render: (v: number) => moneyText(v) },
        { ...NOWRAP, title: t("trainOrder.list.status"), dataIndex: "status", key: "status", width: 90, render: (v: number, r) => <Space size={[0, 4]} wrap><Tag color={trainOrderColor(v)}>{codeLabel(TRAIN_ORDER_LABELS, v)}</Tag><DisruptionTag status={r.disruption} /></Space> },
        { ...NOWRAP, title: t("trainOrder.list.actions"), key: "actions", fixed: "right", width: 80, render: (_: unknown, r) => <Link to={trainOrderDetailPath(r.id)}>{t("trainOrder.list.view")}</Link> },
      ]}
    />
  );
}
