// One statement: its period, status and totals, the totals by department, every line with its
// dispute (a refund given back is tagged 退款), and every step taken. The company disputes a
// single line, a charge or a refund alike (a dialog asks the reason)
// and confirms the statement once no dispute waits for the operator's answer.
import { useState } from "react";
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Table, Tag, Timeline, Typography, type TableColumnsType } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useCan, useOne, type HttpError, useTranslate } from "@refinedev/core";
import { CompanyEinvoiceFile } from "../../components/CompanyEinvoiceFile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "@refinedev/react-hook-form";
import { Controller } from "react-hook-form";
import { QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { z } from "zod";
import { formatChinaTime } from "../../domain/format";
import { DISPUTE_REASON_MAX, disputeInput, type DepartmentTotal, type StatementDetail, type StatementLine } from "../../domain/settlement/schemas";
import { STATEMENT_STATUS_COLORS, LINE_DISPUTE_LABELS, lineDisputable, lineMove, STATEMENT_STATUS_LABELS } from "../../domain/settlement/states";
import { LinkButton } from "../../components/LinkButton";
import { LoadError } from "../LoadError";
import { useRecordAction } from "../useRecordAction";
import { retryUnlessRefused } from "../retry";
import { SETTLEMENT_DISPUTES, statementPath } from "./index";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

const money = (fen: number) => moneyText(fen);
const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
const DISPUTE_COLORS: Record<string, string> = { none: "default", open: "orange", accepted: "green", rejected: "red" };

/** A refund given back (a negative line) and an adjustment of an earlier dispute are tagged; a charge is not. */
function LineKindTag({ kind }: { kind: StatementLine["kind"] }) {
  const t = useTranslate();
  if (kind === "refund") return <Tag color="purple" data-testid="line-refund-tag">{t("settlement.refundTag")}</Tag>;
  if (kind === "adjustment") return <Tag color="blue">{t("settlement.adjustmentTag")}</Tag>;
  return null;
}

export function StatementShow({ id }: { id: number }) {
  const t = useTranslate();
  const { query, result } = useOne<StatementDetail, HttpError>({
    resource: "settlement-statements",
    id,
    errorNotification: false,
    queryOptions: { refetchOnWindowFocus: false, retry: retryUnlessRefused },
  });
  const s = result as StatementDetail | undefined;
  const back = <LinkButton to={statementPath()} icon={<ArrowLeftOutlined />}>{t("settlement.backToList")}</LinkButton>;
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !s) {
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        {back}
        {query.error ? <LoadError error={query.error} onRetry={() => query.refetch()} /> : <Result status="404" title={t("settlement.notFound")} />}
      </Space>
    );
  }
  return <Statement s={s} back={back} onChanged={() => query.refetch()} />;
}

function Statement({ s, back, onChanged }: { s: StatementDetail; back: React.ReactNode; onChanged: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { modal } = App.useApp();
  const [disputing, setDisputing] = useState<StatementLine | null>(null);
  // Refine reads the statement again once the server has answered.
  const confirm = useRecordAction("settlement-statements");
  const canDisputeLines = s.actions.includes("dispute");
  // Documents open through the finance user's own file route; a confirming employee sees their numbers only.
  const canOpenDocuments = useCan({ resource: "EinvoiceManage", action: "view" }).data?.can === true;

  const askConfirm = () =>
    modal.confirm({
      title: t("settlement.confirmTitle"),
      content: t("settlement.confirmBody", { total: money(s.totalFen) }),
      okText: t("settlement.confirm"),
      cancelText: t("settlement.cancel"),
      onOk: () => confirm.run(s.id, "confirm", t("settlement.confirmed")),
    });

  const lineColumns: TableColumnsType<StatementLine> = [
    { ...NOWRAP, title: t("settlement.orderNo"), dataIndex: "orderNo", key: "orderNo", render: (v: string | null) => v ?? "—" },
    { title: t("settlement.item"), dataIndex: "title", key: "title", width: 200, render: (v: string, l) => <><LineKindTag kind={l.kind} />{v}</> },
    { ...NOWRAP, title: t("settlement.traveller"), dataIndex: "travellerName", key: "travellerName" },
    { ...NOWRAP, title: t("settlement.department"), dataIndex: "departmentName", key: "departmentName" },
    { ...NOWRAP, title: t("settlement.paidTime"), dataIndex: "paidTime", key: "paidTime", render: (v: string | null) => (v ? formatChinaTime(v) : "—") },
    { ...NOWRAP, title: t("settlement.amount"), dataIndex: "amountFen", key: "amountFen", align: "right", render: money },
    { ...NOWRAP, title: t("settlement.serviceFee"), dataIndex: "serviceFeeFen", key: "serviceFeeFen", align: "right", render: money },
    {
      ...NOWRAP, title: t("einvoiceManage.statement.document"), key: "documents",
      render: (_: unknown, l) =>
        l.documents.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            {l.documents.map((d) =>
              canOpenDocuments ? (
                <CompanyEinvoiceFile key={d.id} id={d.id} number={d.number} format="pdf">
                  <span title={t("einvoiceManage.statement.open", { number: d.number })}>{d.number.slice(-8)}</span>
                </CompanyEinvoiceFile>
              ) : (
                <Typography.Text key={d.id}>{d.number.slice(-8)}</Typography.Text>
              ),
            )}
          </Space>
        ),
    },
    {
      title: t("settlement.dispute"), key: "dispute", width: 160,
      render: (_: unknown, l) =>
        l.disputeStatus === "none" ? (
          <Typography.Text type="secondary">{codeLabel(LINE_DISPUTE_LABELS, "none")}</Typography.Text>
        ) : (
          <Space direction="vertical" size={2}>
            <Tag color={DISPUTE_COLORS[l.disputeStatus]}>{codeLabel(LINE_DISPUTE_LABELS, l.disputeStatus)}</Tag>
            {l.disputeReason && <Typography.Text type="secondary">{t("settlement.reasonShown", { reason: l.disputeReason })}</Typography.Text>}
            {l.answerNote && <Typography.Text type="secondary">{t("settlement.answerShown", { note: l.answerNote })}</Typography.Text>}
          </Space>
        ),
    },
    {
      // Pinned: at 1280 px the lines scroll sideways, and the dispute button must stay in sight.
      ...NOWRAP, title: t("settlement.actions"), key: "actions", fixed: "right",
      render: (_: unknown, l) =>
        canDisputeLines && lineDisputable(l.kind) && lineMove(l.disputeStatus, "dispute", s.status) ? (
          <Button size="small" danger onClick={() => setDisputing(l)}>{t("settlement.disputeLine")}</Button>
        ) : null,
    },
  ];

  const deptColumns: TableColumnsType<DepartmentTotal> = [
    { title: t("settlement.department"), dataIndex: "departmentName", key: "departmentName" },
    { title: t("settlement.lineCount"), dataIndex: "lineCount", key: "lineCount", align: "right" },
    { title: t("settlement.amount"), dataIndex: "amountFen", key: "amountFen", align: "right", render: money },
    { title: t("settlement.serviceFee"), dataIndex: "serviceFeeFen", key: "serviceFeeFen", align: "right", render: money },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="settlement-statement">
      <Space wrap>
        {back}
        {s.actions.includes("confirm") && <Button type="primary" onClick={askConfirm} loading={confirm.pending}>{t("settlement.confirmStatement")}</Button>}
      </Space>
      <Card title={`${t("settlement.statement")} ${s.statementNo}`} extra={<Tag color={STATEMENT_STATUS_COLORS[s.status]}>{codeLabel(STATEMENT_STATUS_LABELS, s.status)}</Tag>}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label={t("settlement.company")}>{s.companyName}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.period")}>{`${s.periodStart} ~ ${s.periodEnd}`}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.lineCount")}>{s.lineCount}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.generatedAt")}>{formatChinaTime(s.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.amount")}>{money(s.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.serviceFeeIncluded")}>{money(s.serviceFeeFen)}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.adjustment")}>{money(s.adjustmentFen)}</Descriptions.Item>
          <Descriptions.Item label={t("settlement.total")}><Typography.Text strong type="danger" data-testid="statement-total">{money(s.totalFen)}</Typography.Text></Descriptions.Item>
        </Descriptions>
        {s.status === "sent" && <Alert type="info" showIcon message={t("settlement.sentHint")} style={{ marginTop: 12 }} />}
        {s.openDisputes > 0 && <Alert type="warning" showIcon message={t("settlement.openHint", { count: s.openDisputes })} style={{ marginTop: 12 }} />}
      </Card>
      <Card title={t("settlement.lines")}>
        <Table<StatementLine> rowKey="id" columns={lineColumns} dataSource={s.lines} pagination={false} scroll={{ x: "max-content" }} size="middle" />
      </Card>
      <Card title={t("settlement.byDepartment")}>
        <Table<DepartmentTotal>
          rowKey="departmentName"
          columns={deptColumns}
          dataSource={s.departments}
          pagination={false}
          size="small"
          summary={(rows) => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}><strong>{t("settlement.sum")}</strong></Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">{rows.reduce((a, r) => a + r.lineCount, 0)}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right"><strong>{money(rows.reduce((a, r) => a + r.amountFen, 0))}</strong></Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{money(rows.reduce((a, r) => a + r.serviceFeeFen, 0))}</Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card title={t("settlement.history")}>
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
      {disputing && <DisputeDialog line={disputing} onClose={() => setDisputing(null)} onDone={() => { setDisputing(null); onChanged(); }} />}
    </Space>
  );
}

type DisputeValues = z.input<typeof disputeInput>;

/** The reason for disputing one line, checked with the server's own schema before it is sent. */
function DisputeDialog({ line, onClose, onDone }: { line: StatementLine; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refine sends the dispute: a create on the settlement-disputes resource.
  const {
    control, handleSubmit, formState, setError,
    refineCore: { onFinish, formLoading },
  } = useForm<StatementDetail, HttpError, DisputeValues>({
    resolver: zodResolver(disputeInput),
    defaultValues: { lineId: line.id, reason: "" },
    warnWhenUnsavedChanges: false,
    // A refusal naming the reason is placed under it by applyRefusal; any other is the dialog's line.
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: SETTLEMENT_DISPUTES,
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: () => {
        message.success(t("settlement.disputed"));
        onDone();
      },
      onMutationError: (e) => setRefusal(applyRefusal<DisputeValues>(e, ["reason"], setError)),
    },
  });
  const submit = handleSubmit((values) => {
    setRefusal(null);
    // The refusal is shown by onMutationError; the rejected promise has nothing more to say.
    onFinish(values).catch(() => undefined);
  });
  return (
    <Modal
      open
      title={t("settlement.disputeTitle")}
      okText={t("settlement.submitDispute")}
      cancelText={t("settlement.cancel")}
      okButtonProps={{ danger: true, loading: formLoading }}
      onOk={() => submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("settlement.orderNo")}>{line.orderNo ?? "—"}</Descriptions.Item>
        <Descriptions.Item label={t("settlement.item")}><LineKindTag kind={line.kind} />{line.title}</Descriptions.Item>
        <Descriptions.Item label={t("settlement.amount")}>{money(line.amountFen)}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" component={false}>
        <Form.Item label={t("settlement.reason")} required validateStatus={formState.errors.reason ? "error" : undefined} help={formState.errors.reason?.message}>
          <Controller
            name="reason"
            control={control}
            render={({ field }) => <Input.TextArea {...field} rows={3} maxLength={DISPUTE_REASON_MAX} showCount placeholder={t("settlement.reasonPlaceholder")} aria-label={t("settlement.reason")} />}
          />
        </Form.Item>
      </Form>
      {line.kind === "refund" && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t("settlement.refundDisputeHint")} />}
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
