// A business (因公) order's facts on its detail page, whatever the product: the travel type, the
// standard's verdict, the reason given for booking over it, its trip application, and its
// approval with every step so far; and, while the order waits for approval, who decides it now.
import { Alert, Card, Descriptions, Timeline, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { OrderBusinessFacts } from "../domain/orders/business-types";
import { formatChinaTime } from "../domain/format";
import "../components/orders/order.css";

export function BusinessFacts({ order }: { order: OrderBusinessFacts }) {
  const t = useTranslate();
  const history = order.approval?.history ?? [];
  return (
    <Card title={t("business.title")} data-testid="order-business">
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t("business.travelType")}>{t("business.onBusiness")}</Descriptions.Item>
        {order.approval ? <Descriptions.Item label={t("business.approvalStatus")}><span data-testid="order-approval-status">{order.approval.statusLabel}</span></Descriptions.Item> : null}
        <Descriptions.Item label={t("business.standard")} span={2}>
          <Typography.Text type={order.overStandard ? "danger" : "success"} data-testid="order-verdict">{order.standardVerdict ?? "—"}</Typography.Text>
        </Descriptions.Item>
        {order.overReasons ? <Descriptions.Item label={t("business.overReason")}><span data-testid="order-over-reason">{order.overReasons}</span></Descriptions.Item> : null}
        {order.applyNoteNo ? <Descriptions.Item label={t("business.application")}>{order.applyNoteNo}</Descriptions.Item> : null}
      </Descriptions>
      {history.length > 0 && (
        <div className="tp-business__trail">
          <Typography.Text strong style={{ display: "block", marginBottom: 12 }}>{t("business.approvalHistory")}</Typography.Text>
          <Timeline
            data-testid="order-approval-history"
            items={history.map((s) => ({
              children: (
                <div>
                  <Typography.Text strong>{s.actionLabel}</Typography.Text>
                  <Typography.Text type="secondary"> · {s.actorName} · {formatChinaTime(s.createTime)}</Typography.Text>
                  {s.comment && <div>{s.comment}</div>}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Card>
  );
}

/** The note of an order waiting for its approval: who decides it now, at which level. */
export function ApprovalWaiting({ approval }: { approval: OrderBusinessFacts["approval"] }) {
  const t = useTranslate();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="approval-waiting"
      message={t("business.waiting")}
      description={approval?.currentApprovers.length ? t("business.currentApprovers", { names: approval.currentApprovers.join("、"), level: approval.level, count: approval.levelCount }) : undefined}
    />
  );
}
