// Importing from xlsx (travellers: import_passengers, import_external_passengers; the company's
// employees: import_employees): download the template, upload a filled one, see every row with
// its errors, then import the valid rows in one go and read the report. The file goes to the
// server twice (preview, then import), which checks it each time with the same rules as the form.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCustomMutation, useInvalidate, type HttpError, useTranslate } from "@refinedev/core";
import { Alert, Button, Result, Space, Table, Tag, Typography, Upload, type TableColumnsType } from "antd";
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { IMPORT_FILE_MAX } from "../../domain/people/import";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";

export interface ImportPageProps {
  routeName: string;
  /** Catalogue base of the traveller kind (/new_beneficiary, /credit/external_passenger). */
  base: string;
  /** The list the travellers land in (route name and Refine resource). */
  listRoute: string;
  resource: string;
  /** The columns that tell a row apart (name, certificate …), before the result column. */
  columns?: (t: ReturnType<typeof useTranslate>) => TableColumnsType<ImportRow>;
  /** Text keys for what the rows are: the hint, the report's title and the back button. */
  texts?: { hint: string; imported: string; toList: string };
}

/** A previewed row: its spreadsheet row number, what identifies it, and its errors. */
export interface ImportRow {
  row: number;
  errors: string[];
  [field: string]: unknown;
}

interface ImportPreview {
  rows: ImportRow[];
  valid: number;
  invalid: number;
}

interface ImportReport extends ImportPreview {
  imported: number;
}

const travellerColumns = (t: ReturnType<typeof useTranslate>): TableColumnsType<ImportRow> => [
  { title: t("passengers.columns.name"), dataIndex: "name", key: "name", render: (v: string) => v || "—" },
  { title: t("passengers.certType"), dataIndex: "certType", key: "certType", render: (v: string) => v || "—" },
  { title: t("passengers.form.certNo"), dataIndex: "certNo", key: "certNo", render: (v: string) => v || "—" },
];
const TRAVELLER_TEXTS = { hint: "travellerImport.hint", imported: "travellerImport.imported", toList: "travellerImport.toList" };

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function download(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportPage({ routeName, base, listRoute, resource, columns: ownColumns = travellerColumns, texts = TRAVELLER_TEXTS }: ImportPageProps) {
  const t = useTranslate();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const call = useCustomMutation<Record<string, unknown>, HttpError>();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = call.mutation.isPending;

  // The file travels as JSON: its base64 is read by the server at once, not unescaped from a form.
  const post = async <T,>(url: string, values: Record<string, unknown>) =>
    (await call.mutateAsync({ url, method: "post", values, meta: { json: true }, successNotification: false, errorNotification: false })).data as unknown as T;

  const getTemplate = async () => {
    try {
      const r = await post<{ fileName: string; contentBase64: string }>(`${base}/import/template`, {});
      download(r.fileName, r.contentBase64);
    } catch (e) {
      setError((e as HttpError).message);
    }
  };

  const choose = async (picked: File) => {
    setPreview(null);
    setReport(null);
    setError(null);
    const base64 = await base64Of(picked);
    if (base64.length > IMPORT_FILE_MAX) return setError(t("travellerImport.tooLarge"));
    setFile({ name: picked.name, base64 });
    try {
      setPreview(await post<ImportPreview>(`${base}/import/preview`, { file: base64 }));
    } catch (e) {
      setError((e as HttpError).message);
    }
  };

  const commit = async () => {
    if (!file) return;
    setError(null);
    try {
      setReport(await post<ImportReport>(`${base}/import/commit`, { file: file.base64 }));
      await invalidate({ resource, invalidates: ["list"] });
    } catch (e) {
      setError((e as HttpError).message);
    }
  };

  const columns: TableColumnsType<ImportRow> = [
    { title: t("travellerImport.row"), dataIndex: "row", key: "row", width: 70 },
    ...ownColumns(t),
    {
      title: t("travellerImport.result"), key: "errors",
      render: (_: unknown, r) =>
        r.errors.length ? (
          <Space direction="vertical" size={0}>{r.errors.map((m) => <Typography.Text key={m} type="danger">{m}</Typography.Text>)}</Space>
        ) : (
          <Tag color="green">{t("travellerImport.ok")}</Tag>
        ),
    },
  ];

  const back = () => navigate(pathFor(listRoute));
  return (
    <WorkbenchFrame routeName={routeName}>
      <div className="tp-frame__card">
        {report ? (
          <Result
            status={report.invalid ? "warning" : "success"}
            title={t(texts.imported, { count: report.imported })}
            subTitle={report.invalid ? t("travellerImport.notImported", { count: report.invalid }) : undefined}
            extra={
              <Space>
                <Button type="primary" onClick={back}>{t(texts.toList)}</Button>
                <Button onClick={() => { setReport(null); setPreview(null); setFile(null); }}>{t("travellerImport.again")}</Button>
              </Space>
            }
          >
            {report.invalid > 0 && <Table<ImportRow> size="small" rowKey="row" columns={columns} dataSource={report.rows.filter((r) => r.errors.length)} pagination={{ pageSize: 10 }} />}
          </Result>
        ) : (
          <>
            <Space style={{ marginBottom: 16 }}>
              <Button icon={<DownloadOutlined />} onClick={getTemplate} loading={busy && !file}>{t("travellerImport.template")}</Button>
              <Typography.Text type="secondary">{t(texts.hint)}</Typography.Text>
            </Space>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(f) => { void choose(f); return false; }}
            >
              <p className="ant-upload-drag-icon"><InboxOutlined /></p>
              <p className="ant-upload-text">{file ? file.name : t("travellerImport.drop")}</p>
            </Upload.Dragger>
            {error && <Alert type="error" showIcon style={{ marginTop: 16 }} message={error} />}
            {preview && (
              <div style={{ marginTop: 20 }}>
                <Space style={{ marginBottom: 12 }} wrap>
                  <Typography.Text data-testid="import-summary">{t("travellerImport.summary", { total: preview.rows.length, valid: preview.valid, invalid: preview.invalid })}</Typography.Text>
                  <Button type="primary" disabled={!preview.valid} loading={busy} onClick={commit}>{t("travellerImport.commit", { count: preview.valid })}</Button>
                </Space>
                {preview.invalid > 0 && <RowErrors rows={preview.rows} />}
                <Table<ImportRow> size="small" rowKey="row" columns={columns} dataSource={preview.rows} pagination={{ pageSize: 20, showSizeChanger: false }} />
              </div>
            )}
          </>
        )}
      </div>
    </WorkbenchFrame>
  );
}

// Every bad row's problems in one place, by row number, so none hides on a later page of the table.
const ERROR_LINES_MAX = 200;
function RowErrors({ rows }: { rows: ImportRow[] }) {
  const t = useTranslate();
  const bad = rows.filter((r) => r.errors.length);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={t("travellerImport.errorsTitle", { count: bad.length })}
      description={
        <ul data-testid="import-errors" style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflowY: "auto" }}>
          {bad.slice(0, ERROR_LINES_MAX).map((r) => (
            <li key={r.row}>{t("travellerImport.errorLine", { row: r.row, errors: r.errors.join("；") })}</li>
          ))}
          {bad.length > ERROR_LINES_MAX && <li>{t("travellerImport.moreErrors", { count: bad.length - ERROR_LINES_MAX })}</li>}
        </ul>
      }
    />
  );
}
