// 报销凭证 on an order's detail page: per ticket (or stay) and kind, the document's state, and what
// the member can do with it — ask for it, preview, download its PDF or XML, send it by email. A
// red-letter (红字) document is listed under the one it reverses. The server's list says which
// documents may still be asked for; an order with none and no documents shows nothing.
import { useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, App, Button, Card, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { EINVOICE_PATHS, type EinvoiceOrderView, type EinvoiceView } from "../../domain/einvoice/schemas";
import { EINVOICE_KIND_LABELS, EINVOICE_STATE_LABELS, type EinvoiceKind, type EinvoiceState } from "../../domain/einvoice/kinds";
import { moneyText } from "../../domain/money";
import { RequestDialog, type RequestTarget } from "./RequestDialog";
import { EmailDialog } from "./EmailDialog";
import { PreviewModal } from "./PreviewModal";
import { saveEinvoiceFile, type EinvoiceFormat } from "./files";

const NOWRAP = { style: { whiteSpace: "nowrap" as const } };

/** States the issuer has yet to answer for, and how often the section looks again meanwhile. */
const IN_PROGRESS = new Set(["pending", "issuing"]);
const ISSUE_POLL_MS = 2_000;

const STATE_COLORS: Record<string, string> = { pending: "default", issuing: "processing", issued: "success", reversed: "error" };

/** A table row: a document (its red-letter ones as children) or a document still to ask for. */
interface Row {
  key: string;
  doc: EinvoiceView | null;
  target: RequestTarget | null;
  children?: Row[];
}

/** The service fee has its own kind; every other kind is the ticket's (or stay's) own document. */
const subjectKindOf = (kind: string): "ticket" | "service" => (kind === "service" ? "service" : "ticket");

function rowsOf(view: EinvoiceOrderView): Row[] {
  const reds = view.list.filter((d) => d.direction === "red");
  const blues = view.list.filter((d) => d.direction !== "red");
  const rows: Row[] = blues.map((d) => {
    const children = reds.filter((r) => r.originalId === d.id).map((r) => ({ key: `doc-${r.id}`, doc: r, target: null }));
    return { key: `doc-${d.id}`, doc: d, target: null, ...(children.length ? { children } : {}) };
  });
  // A red-letter document whose original is not listed still shows.
  for (const r of reds) if (!blues.some((b) => b.id === r.originalId)) rows.push({ key: `doc-${r.id}`, doc: r, target: null });
  for (const s of view.subjects) {
    for (const kind of s.kinds) {
      const asked = blues.some((d) => d.passengerId === s.passengerId && subjectKindOf(d.kind) === kind && d.status !== "reversed");
      if (!asked) rows.push({ key: `ask-${s.passengerId}-${kind}`, doc: null, target: { passengerId: s.passengerId, passengerName: s.passengerName, kind } });
    }
  }
  return rows;
}

export default function ReimbursementSection({ orderId }: { orderId: number }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { result, query } = useCustom<EinvoiceOrderView>({
    url: EINVOICE_PATHS.list,
    method: "post",
    config: { payload: { orderId } },
    errorNotification: false,
    queryOptions: {
      staleTime: 0,
      // A document asked for is issued by a background job within seconds: the section follows
      // it until the issuer has answered, then stops asking.
      refetchInterval: (q) => ((q.state.data?.data as EinvoiceOrderView | undefined)?.list.some((d) => IN_PROGRESS.has(d.status)) ? ISSUE_POLL_MS : false),
    },
  });
  const [asking, setAsking] = useState<RequestTarget | null>(null);
  const [mailing, setMailing] = useState<EinvoiceView | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const view = result.data as EinvoiceOrderView | undefined;

  if (query.isLoading) return <Card title={t("einvoice.title")}><Skeleton active paragraph={{ rows: 3 }} /></Card>;
  if (query.error) {
    return (
      <Card title={t("einvoice.title")}>
        <Alert type="error" showIcon message={t("einvoice.loadError")} description={query.error.message} action={<Button onClick={() => query.refetch()}>{t("einvoice.retry")}</Button>} />
      </Card>
    );
  }
  if (!view || (view.list.length === 0 && view.subjects.length === 0)) return null;

  const refresh = () => void query.refetch();
  const save = (doc: EinvoiceView, format: EinvoiceFormat) => {
    const key = `${doc.id}-${format}`;
    setSaving(key);
    saveEinvoiceFile(doc.id, doc.number, format)
      .catch((e: Error) => message.error(e.message || t("einvoice.fileFailed")))
      .finally(() => setSaving(null));
  };
  // A name, an amount and a 20-digit number each read on one line: squeezed by the wide columns
  // beside them, a name broke after every character.
  const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };
  const columns: TableColumnsType<Row> = [
    { ...nowrap, title: t("einvoice.passenger"), key: "passenger", render: (_, r) => r.doc?.passengerName ?? r.target?.passengerName },
    {
      title: t("einvoice.kind"), key: "kind",
      render: (_, r) => (
        <>
          <Space size={4}>
            {r.doc?.direction === "red" && <Tag color="red">{t("einvoice.red")}</Tag>}
            {r.doc ? EINVOICE_KIND_LABELS[r.doc.kind as EinvoiceKind] ?? r.doc.kindLabel : t(`einvoice.kinds.${r.target!.kind}`)}
          </Space>
          {r.doc?.ticketNo && (
            <div>
              <Typography.Text type="secondary">{t("einvoice.ticketNo")} {r.doc.ticketNo}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: t("einvoice.buyer"), key: "buyer", render: (_, r) => r.doc?.buyerName ?? "—" },
    { ...nowrap, title: t("einvoice.amount"), key: "amount", align: "right", render: (_, r) => (r.doc ? moneyText(r.doc.totalFen) : "—") },
    { ...nowrap, title: t("einvoice.number"), key: "number", render: (_, r) => r.doc?.number ?? "—" },
    {
      ...nowrap, title: t("einvoice.status"), key: "status",
      render: (_, r) =>
        r.doc ? (
          <Tag color={STATE_COLORS[r.doc.status] ?? "default"} data-testid="einvoice-status">{EINVOICE_STATE_LABELS[r.doc.status as EinvoiceState] ?? r.doc.statusLabel}</Tag>
        ) : (
          <Typography.Text type="secondary" data-testid="einvoice-status">{t("einvoice.notRequested")}</Typography.Text>
        ),
    },
    {
      title: t("einvoice.actions"), key: "actions",
      render: (_, r) => {
        if (r.target) return <Button type="link" size="small" onClick={() => setAsking(r.target)}>{t("einvoice.request")}</Button>;
        const doc = r.doc!;
        if (doc.status !== "issued" && doc.status !== "reversed") return "—";
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setPreviewing(doc.id)}>{t("einvoice.preview")}</Button>
            <Button type="link" size="small" loading={saving === `${doc.id}-pdf`} onClick={() => save(doc, "pdf")}>{t("einvoice.downloadPdf")}</Button>
            <Button type="link" size="small" loading={saving === `${doc.id}-xml`} onClick={() => save(doc, "xml")}>{t("einvoice.downloadXml")}</Button>
            <Button type="link" size="small" onClick={() => setMailing(doc)}>{t("einvoice.email")}</Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t("einvoice.title")} data-testid="einvoice-section">
      {view.business && <Typography.Paragraph type="secondary">{t("einvoice.businessNote", { company: view.companyName ?? "—" })}</Typography.Paragraph>}
      <Table rowKey="key" columns={columns} dataSource={rowsOf(view)} pagination={false} size="middle" scroll={{ x: "max-content" }} expandable={{ defaultExpandAllRows: true }} />
      {asking && (
        <RequestDialog orderId={orderId} target={asking} business={view.business} companyName={view.companyName} onClose={() => setAsking(null)}
          onDone={() => { setAsking(null); refresh(); }} />
      )}
      {mailing && <EmailDialog id={mailing.id} email={mailing.email} onClose={() => setMailing(null)} onSent={() => { setMailing(null); refresh(); }} />}
      {previewing !== null && <PreviewModal id={previewing} onClose={() => setPreviewing(null)} />}
    </Card>
  );
}
