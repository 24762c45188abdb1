// One statement as the operator sees it: totals, every line with its dispute (答复 on an open
// one), and every step taken. 发送给企业 while it is generated, 确认已结清 once the company has
// confirmed it; both ask first, and the second gives the company's credit line back.
import { useState } from "react";
import { App, Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Timeline, Typography, type TableColumnsType } from "antd";
import { useInvalidate, useOne, useTranslate, type HttpError } from "@refinedev/core";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";
import type { StatementDetail, StatementLine } from "../../domain/settlement/schemas";
import { LINE_DISPUTE_LABELS, STATEMENT_STATUS_COLORS, STATEMENT_STATUS_LABELS, lineMove } from "../../domain/settlement/states";
import { useCodes } from "../../components/use-codes";
import { LoadError } from "../LoadError";
import { useRecordAction } from "../useRecordAction";
import { AnswerDialog } from "./answer";
import { OPS_STATEMENTS } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

const money = (fen: number) => moneyText(fen);
const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
const DISPUTE_COLORS: Record<string, string> = { none: "default", open: "orange", accepted: "green", rejected: "red" };

export function OpsStatement({ id }: { id: number }) {
  const t = useTranslate();
  const { query, result } = useOne<StatementDetail, HttpError>({ resource: OPS_STATEMENTS, id, errorNotification: false, queryOptions: { refetchOnWindowFocus: false } });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (!result) return <Result status="404" title={t("ops.settlement.notFound")} />;
  return <Statement s={result} />;
}

function Statement({ s }: { s: StatementDetail }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const refreshCounts = useRefreshMenuCounts();
  const action = useRecordAction(OPS_STATEMENTS);
  const [answering, setAnswering] = useState<StatementLine | null>(null);
  const run = (name: "send" | "settle") => action.run(s.id, name, t(`ops.settlement.done.${name}`)).then(() => {
      refreshCounts();
      return invalidate({ invalidates: ["all"] });
    });
  const ask = (name: "send" | "settle") =>
    modal.confirm({
      title: t(`ops.settlement.confirm.${name}Title`),
      content: t(`ops.settlement.confirm.${name}`, { company: s.companyName, total: money(s.totalFen) }),
      okText: t(`ops.settlement.${name}`),
      cancelText: t("ops.cancel"),
      onOk: () => run(name),
    });

  const columns: TableColumnsType<StatementLine> = [
    { ...NOWRAP, title: t("ops.settlement.orderNo"), dataIndex: "orderNo", render: (v: string | null) => v ?? "—" },
    {
      title: t("ops.settlement.item"), dataIndex: "title", width: 220,
      render: (v: string, l) => <>{l.kind !== "order" && <Tag color={l.kind === "refund" ? "purple" : "blue"}>{t(`ops.settlement.kind.${l.kind}`)}</Tag>}{v}</>,
    },
    { ...NOWRAP, title: t("ops.settlement.traveller"), dataIndex: "travellerName" },
    { ...NOWRAP, title: t("ops.settlement.department"), dataIndex: "departmentName" },
    { ...NOWRAP, title: t("ops.settlement.paidTime"), dataIndex: "paidTime", render: (v: string | null) => (v ? formatChinaTime(v) : "—") },
    { ...NOWRAP, title: t("ops.settlement.amount"), dataIndex: "amountFen", align: "right", render: money },
    { ...NOWRAP, title: t("ops.settlement.serviceFee"), dataIndex: "serviceFeeFen", align: "right", render: money },
    {
      title: t("ops.settlement.dispute"), key: "dispute", width: 220,
      render: (_: unknown, l) =>
        l.disputeStatus === "none" ? (
          <Typography.Text type="secondary">{codeLabel(LINE_DISPUTE_LABELS, "none")}</Typography.Text>
        ) : (
          <Space direction="vertical" size={2}>
            <Tag color={DISPUTE_COLORS[l.disputeStatus]}>{codeLabel(LINE_DISPUTE_LABELS, l.disputeStatus)}</Tag>
            {l.disputeReason && <Typography.Text type="secondary">{t("ops.settlement.reasonShown", { reason: l.disputeReason })}</Typography.Text>}
            {l.answerNote && <Typography.Text type="secondary">{t("ops.settlement.answerShown", { note: l.answerNote })}</Typography.Text>}
          </Space>
        ),
    },
    {
      ...NOWRAP, title: t("ops.settlement.actions"), key: "actions", fixed: "right",
      render: (_: unknown, l) =>
        lineMove(l.disputeStatus, "accept", s.status) ? <Button size="small" type="primary" ghost onClick={() => setAnswering(l)}>{t("ops.settlement.answer")}</Button> : null,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="ops-statement">
      <Card
        title={`${s.companyName} · ${s.statementNo}`}
        extra={
          <Space>
            <Tag color={STATEMENT_STATUS_COLORS[s.status]}>{codeLabel(STATEMENT_STATUS_LABELS, s.status)}</Tag>
            {s.actions.includes("send") && <Button type="primary" loading={action.pending} onClick={() => ask("send")}>{t("ops.settlement.send")}</Button>}
            {s.actions.includes("settle") && <Button type="primary" loading={action.pending} onClick={() => ask("settle")}>{t("ops.settlement.settle")}</Button>}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label={t("ops.settlement.period")}>{`${s.periodStart} ~ ${s.periodEnd}`}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.lineCount")}>{s.lineCount}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.generatedAt")}>{formatChinaTime(s.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.amount")}>{money(s.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.serviceFee")}>{money(s.serviceFeeFen)}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.adjustment")}>{money(s.adjustmentFen)}</Descriptions.Item>
          <Descriptions.Item label={t("ops.settlement.total")}><Typography.Text strong data-testid="ops-statement-total">{money(s.totalFen)}</Typography.Text></Descriptions.Item>
        </Descriptions>
        {s.openDisputes > 0 && <Alert type="warning" showIcon message={t("ops.settlement.openHint", { count: s.openDisputes })} style={{ marginTop: 12 }} />}
      </Card>
      <Card title={t("ops.settlement.lines")} size="small">
        <Table<StatementLine> rowKey="id" columns={columns} dataSource={s.lines} pagination={false} scroll={{ x: "max-content" }} size="small" />
      </Card>
      <Card title={t("ops.settlement.history")} size="small">
        <Timeline
          items={s.events.map((e) => ({
            key: e.id,
            children: (
              <Space direction="vertical" size={0}>
                <Typography.Text>{`${formatChinaTime(e.createTime)} ${e.actorName} · ${t(`settlement.event.${e.action}`, { defaultValue: e.action })}`}</Typography.Text>
                {e.note && <Typography.Text type="secondary">{e.note}</Typography.Text>}
              </Space>
            ),
          }))}
        />
      </Card>
      {answering && <AnswerDialog line={answering} onClose={() => setAnswering(null)} />}
    </Space>
  );
}
