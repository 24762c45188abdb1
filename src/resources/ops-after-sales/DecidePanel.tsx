// One after-sales request beside the list: what the member asked and the estimate they saw, next
// to the operator's decision. While the operator holds it: accept it as it stands, accept a refund
// with an adjusted fee (up to the most the fare's rules allow), or reject it; each moves money or
// the order, so each asks for confirmation first. The reasons given are what the member reads.
import { useTranslate, useOne, type HttpError } from "@refinedev/core";
import { Alert, Card, Col, Descriptions, Drawer, Popconfirm, Button, Row, Skeleton, Space, Table, Tag } from "antd";
import { formatChinaTime } from "../../domain/format";
import { WAITING_STATES, type AfterSalesDetail, type AfterSalesLine } from "../../domain/ops/after-sales";
import { useRecordAction } from "../useRecordAction";
import { AdjustForm, RejectForm } from "./DecisionForms";
import { fen, STATE_COLORS } from "./figures";
import { OPS_AFTER_SALES } from ".";

export function DecidePanel({ id, meId, onClose }: { id: string; meId: number | null; onClose: () => void }) {
  const t = useTranslate();
  const { result, query } = useOne<AfterSalesDetail, HttpError>({ resource: OPS_AFTER_SALES, id, errorNotification: false });
  const action = useRecordAction(OPS_AFTER_SALES);
  const item = result;
  const mine = !!item && meId !== null && item.heldBy === meId && WAITING_STATES.includes(item.state);
  const figures = (f: { fee: number; amount: number }) => (item ? t(`ops.afterSales.figures.${item.kind}`, { fee: fen(f.fee), amount: fen(f.amount) }) : "");
  return (
    <Drawer open width={760} onClose={onClose} title={item ? t("ops.afterSales.panelTitle", { orderNo: item.orderNo }) : t("ops.afterSales.title")} destroyOnHidden>
      {query.isLoading && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon message={query.error?.message ?? t("ops.afterSales.loadFailed")} />}
      {item && (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t("ops.afterSales.kind")}>{t(`ops.afterSales.kinds.${item.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t("ops.afterSales.state")}><Tag color={STATE_COLORS[item.state]}>{t(`ops.afterSales.states.${item.state}`)}</Tag></Descriptions.Item>
            <Descriptions.Item label={t("ops.afterSales.passengers")}>{item.passengers}</Descriptions.Item>
            <Descriptions.Item label={t("ops.afterSales.createTime")}>{formatChinaTime(item.createTime)}</Descriptions.Item>
            {item.reason && <Descriptions.Item label={t("ops.afterSales.memberReason")} span={2}>{item.reason}</Descriptions.Item>}
          </Descriptions>
          <Row gutter={16}>
            <Col span={12}>
              <Card size="small" title={t("ops.afterSales.estimate")} data-testid="after-sales-estimate">{figures(item.estimate)}</Card>
            </Col>
            <Col span={12}>
              <Card size="small" title={t("ops.afterSales.decision")} data-testid="after-sales-decision">
                {item.decision ? (
                  <Space direction="vertical" size={4}>
                    <span>{t(`ops.afterSales.decisions.${item.decision}`)}{item.decidedByName ? t("ops.afterSales.decidedBy", { name: item.decidedByName }) : ""}</span>
                    {item.decision !== "rejected" && <span>{figures(item.current)}</span>}
                    {item.decisionReason && <span>{t("ops.afterSales.reasonShown", { reason: item.decisionReason })}</span>}
                  </Space>
                ) : (
                  t(mine ? "ops.afterSales.undecided" : "ops.afterSales.notHeld")
                )}
              </Card>
            </Col>
          </Row>
          {item.kind === "refund" && (
            <Table<AfterSalesLine>
              size="small"
              rowKey="passengerId"
              pagination={false}
              dataSource={item.lines}
              columns={[
                { title: t("ops.afterSales.line.passenger"), dataIndex: "name" },
                { title: t("ops.afterSales.line.ticket"), dataIndex: "ticket", render: (v: number) => fen(v) },
                { title: t("ops.afterSales.line.fee"), dataIndex: "fee", render: (v: number) => fen(v) },
                { title: t("ops.afterSales.line.maxFee"), dataIndex: "maxFee", render: (v: number) => fen(v) },
                { title: t("ops.afterSales.line.refund"), dataIndex: "refund", render: (v: number) => fen(v) },
              ]}
            />
          )}
          {mine && (
            <>
              <Popconfirm
                title={t(item.kind === "refund" ? "ops.afterSales.acceptRefundConfirm" : "ops.afterSales.acceptChangeConfirm", { amount: fen(item.current.amount) })}
                okText={t("ops.afterSales.confirm")}
                cancelText={t("ops.cancel")}
                onConfirm={() => action.run(item.id, "accept", t("ops.afterSales.done.accept")).then(onClose)}
              >
                <Button type="primary" loading={action.runningOn(item.id) === "accept"}>{t("ops.afterSales.accept")}</Button>
              </Popconfirm>
              {item.kind === "refund" && <AdjustForm item={item} onDone={onClose} />}
              <RejectForm item={item} onDone={onClose} />
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
