// The order an approver decides: its flight, passengers, amount, the travel standard's verdict
// with the booker's reason, and the time left before the held fare expires.
import { Descriptions, Space, Table, Tag, Typography } from "antd";
import { useInvalidate, useTranslate } from "@refinedev/core";
import { CERT_TYPES, PASSENGER_TYPES } from "../../domain/codes";
import { FLIGHT_ORDER_STATUS } from "../../domain/orders/flight";
import { formatFen } from "../../domain/policy/fen";
import { Countdown } from "../flight-orders/Countdown";
import type { OrderSubject } from "./index";
import { useCodes } from "../../components/use-codes";

export function OrderSummary({ order, applicantName, approvalId }: { order: OrderSubject; applicantName: string; approvalId: number }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const invalidate = useInvalidate();
  const f = order.flight;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="order-subject">
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t("business.orderNo")}>{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t("business.booker")}>{applicantName}</Descriptions.Item>
        <Descriptions.Item label={t("business.flight")}>
          {f.depCityName} → {f.arrCityName} · {f.airlineName} {f.flightNo} · {f.depDate} {f.depTime}–{f.arrTime}
        </Descriptions.Item>
        <Descriptions.Item label={t("business.cabin")}>{f.cabinClassName}（{f.cabinCode}）</Descriptions.Item>
        <Descriptions.Item label={t("business.amount")}>
          <Typography.Text strong type="danger">¥{formatFen(order.payprice)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("business.orderStatus")}>{order.statusLabel}</Descriptions.Item>
        <Descriptions.Item label={t("business.standard")} span={2}>
          <Typography.Text type={order.overStandard ? "danger" : "success"} data-testid="approval-verdict">{order.standardVerdict ?? "—"}</Typography.Text>
        </Descriptions.Item>
        {order.overReasons && <Descriptions.Item label={t("business.overReason")} span={2}>{order.overReasons}</Descriptions.Item>}
        {order.applyNoteNo && <Descriptions.Item label={t("business.application")} span={2}>{order.applyNoteNo} · {order.applyPurpose}</Descriptions.Item>}
        {order.status === FLIGHT_ORDER_STATUS.approving && order.expiresAt && (
          <Descriptions.Item label={t("business.fareDeadline")} span={2}>
            <Typography.Text type="warning">
              <Countdown until={order.expiresAt} textKey="business.fareWithin" onEnd={() => invalidate({ resource: "approvals", invalidates: ["detail"], id: approvalId })} />
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        rowKey={(p) => `${p.certType}-${p.certNo}-${p.name}`}
        size="small"
        pagination={false}
        dataSource={order.passengers}
        columns={[
          { title: t("flightOrder.name"), dataIndex: "name", key: "name", render: (v: string, p) => <Space>{v}<Tag>{codeLabel(PASSENGER_TYPES, p.psgType)}</Tag></Space> },
          { title: t("flightOrder.certType"), dataIndex: "certType", key: "certType", render: (v: number) => codeLabel(CERT_TYPES, v) },
          { title: t("flightOrder.certNo"), dataIndex: "certNo", key: "certNo" },
        ]}
      />
    </Space>
  );
}
