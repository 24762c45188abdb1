// One order of the ticketing queue: who booked it, the trip, passengers with their tickets, the
// timeline, and what the caller may do with it: take it; once holding it, enter its tickets,
// fail it (with a reason, confirmed first: the money goes back) or release it.
import { useState } from "react";
import { useOne, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Button, Descriptions, Drawer, Popconfirm, Result, Skeleton, Space, Table, Tag, Timeline, Typography } from "antd";
import { useGetOpsRole } from "./role";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";
import type { TicketingDetail, TicketingPassenger } from "../../domain/ops/ticketing";
import { useRecordAction } from "../useRecordAction";
import { useRefreshMenuCounts } from "../../ops/menu-count";
import { OPS_TICKETING } from ".";
import { useStatusLabel, waitedText } from "./labels";
import { TicketForm } from "./ticket-form";
import { FailDialog } from "./fail-dialog";

export function TicketingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Drawer open={id !== null} onClose={onClose} width={760} title={t("ops.ticketing.detailTitle")} destroyOnHidden>
      {id !== null && <Detail id={id} />}
    </Drawer>
  );
}

function Detail({ id }: { id: number }) {
  const t = useTranslate();
  const statusLabel = useStatusLabel();
  const role = useGetOpsRole();
  const { result, query } = useOne<TicketingDetail, HttpError>({ resource: OPS_TICKETING, id, errorNotification: false });
  const recordAction = useRecordAction(OPS_TICKETING);
  const refreshCounts = useRefreshMenuCounts();
  // Every action may change the menu's count: read it again once the action is answered.
  const action = { ...recordAction, run: (id: number, name: string, done: string) => recordAction.run(id, name, done).then(refreshCounts) };
  const [failing, setFailing] = useState(false);
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !result) return <Result status="warning" title={query.error?.message ?? t("ops.ticketing.loadFailed")} extra={<Button onClick={() => void query.refetch()}>{t("ops.ticketing.retry")}</Button>} />;
  const order = result;
  const waiting = order.product === "train" ? order.status === 1 : order.status === 1 || order.status === 7;
  const mine = order.mine;
  const canRelease = order.takenBy !== null && (mine || role === "admin");
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }} data-testid="ticketing-detail">
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t("ops.ticketing.orderNo")}>{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.status")}>
          <Tag>{t(`ops.ticketing.products.${order.product}`)}</Tag>
          <Tag color={waiting ? "gold" : "default"} data-testid="ticketing-status">{statusLabel(order)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.member")}>{order.memberName}{t("common.parenthesized", { text: order.memberMobile })}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.company")}>{order.companyName ?? t("ops.ticketing.private")}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.trip")}>{order.title}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.depDate")}>{order.depDate}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.amount")}>{moneyText(order.amountFen)}</Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.waiting")}>
          {waiting ? `${waitedText(t, order.waitingSince)}${t("common.parenthesized", { text: formatChinaTime(order.waitingSince) })}` : "—"}
        </Descriptions.Item>
        <Descriptions.Item label={t("ops.ticketing.takenBy")} span={2}>
          <span data-testid="ticketing-holder">
            {order.takenBy ? `${mine ? t("ops.ticketing.taken.me") : order.takenBy.name}${t("common.parenthesized", { text: formatChinaTime(order.takenAt) })}` : t("ops.ticketing.taken.nobody")}
          </span>
        </Descriptions.Item>
      </Descriptions>

      {waiting ? (
        <Space wrap>
          {!order.takenBy && (
            <Button type="primary" loading={action.runningOn(order.id) === "take"} onClick={() => void action.run(order.id, "take", t("ops.ticketing.takenDone"))}>
              {t("ops.ticketing.take")}
            </Button>
          )}
          {mine && (
            <Button danger onClick={() => setFailing(true)}>
              {t("ops.ticketing.fail")}
            </Button>
          )}
          {canRelease && (
            <Popconfirm title={t("ops.ticketing.releaseConfirm")} okText={t("ops.ticketing.release")} cancelText={t("ops.cancel")} onConfirm={() => action.run(order.id, "release", t("ops.ticketing.releasedDone"))}>
              <Button loading={action.runningOn(order.id) === "release"}>{t("ops.ticketing.release")}</Button>
            </Popconfirm>
          )}
          {order.takenBy && !mine && <Typography.Text type="secondary">{t("ops.ticketing.heldByOther", { name: order.takenBy.name })}</Typography.Text>}
        </Space>
      ) : (
        <Alert type="info" showIcon message={t("ops.ticketing.movedOn", { status: statusLabel(order) })} />
      )}

      <Table<TicketingPassenger>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={order.passengers}
        columns={[
          { title: t("ops.ticketing.passenger"), dataIndex: "name" },
          { title: t("ops.ticketing.flightOrTrain"), dataIndex: "flightNo" },
          {
            title: t(order.product === "train" ? "ops.ticketing.seat" : "ops.ticketing.ticketNo"),
            key: "ticket",
            render: (_: unknown, p) => (order.product === "train" ? (p.seatNo ?? "—") : (p.ticketNo ?? "—")),
          },
        ]}
      />
      {order.product === "train" && order.eTicketNo && <Typography.Text>{t("ops.ticketing.eTicketNo")}{t("common.colon")}{order.eTicketNo}</Typography.Text>}

      {waiting && mine && <TicketForm order={order} />}

      <div>
        <Typography.Title level={5}>{t("ops.ticketing.timeline")}</Typography.Title>
        <Timeline
          items={order.events.map((e) => ({
            children: (
              <div>
                <div>
                  {statusLabel({ product: order.product, status: e.toStatus })} · {e.actorName} · {formatChinaTime(e.createTime)}
                </div>
                {e.note && <Typography.Text type="secondary">{e.note}</Typography.Text>}
              </div>
            ),
          }))}
        />
      </div>
      <FailDialog order={order} open={failing} onClose={() => setFailing(false)} />
    </Space>
  );
}
