// 导出 Excel for any bill or report: starts the server's export with the list's own filters,
// shows its progress while the file is written, and downloads it when ready. The server writes
// the file; the browser fetches it with the session and saves it, so a 100,000-row export costs
// the page no more than holding the file's bytes.
import { useEffect, useRef, useState } from "react";
import { useCustom, useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Button, Modal, Progress, Space, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { exportPercent, type ExportTaskView } from "../domain/exports";
import { downloadFile } from "../providers/request";

const STATUS_PATH = "/export/status";
const POLL_MS = 600;

export interface ExportButtonProps {
  /** The list's excel path, e.g. /bill/enterpriseBill/excel. */
  url: string;
  /** The filters the list shows now (undefined values are left out). */
  filters: Record<string, unknown>;
  disabled?: boolean;
  /** The locale group of the button's and dialog's texts (same keys as `export`), for a file that is no spreadsheet. */
  texts?: string;
}

/** Fetches the finished file with the session (no key or token in a URL) and saves it. */
async function download(view: ExportTaskView): Promise<void> {
  if (!view.downloadPath) return;
  const blob = await downloadFile(view.downloadPath, { taskId: view.taskId });
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = view.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Freed a minute later, not at once: some browsers still read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function ExportButton({ url, filters, disabled, texts = "export" }: ExportButtonProps) {
  const translate = useTranslate();
  const t = (key: string, params?: Record<string, unknown>) => translate(key.replace(/^export\./, `${texts}.`), params);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = (v: ExportTaskView) => {
    setSaveError(null);
    download(v).catch((e: Error) => setSaveError(e.message));
  };
  const start = useCustomMutation<ExportTaskView>();
  const { result, query } = useCustom<ExportTaskView>({
    url: STATUS_PATH,
    method: "post",
    config: { payload: { taskId } },
    errorNotification: false,
    queryOptions: {
      enabled: taskId !== null,
      retry: false,
      refetchInterval: (q) => (q.state.data?.data?.status === "running" ? POLL_MS : false),
    },
  });
  const view = taskId !== null ? (result.data as ExportTaskView | undefined) : undefined;
  const downloaded = useRef<number | null>(null);
  // Saving the file is the effect of the poll's answer, once per task.
  useEffect(() => {
    if (view?.status === "done" && downloaded.current !== view.taskId) {
      downloaded.current = view.taskId;
      save(view);
    }
  }, [view]);

  const begin = () => {
    setStartError(null);
    const payload = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ""));
    start.mutate(
      { url, method: "post", values: payload, successNotification: false, errorNotification: false },
      { onSuccess: ({ data }) => setTaskId(data.taskId), onError: (e: HttpError) => setStartError(e.message) },
    );
  };
  const close = () => {
    setTaskId(null);
    setStartError(null);
    setSaveError(null);
  };
  const open = taskId !== null || startError !== null;
  const failed = view?.status === "failed" || Boolean(query.error);

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={begin} loading={start.mutation.isPending} disabled={disabled}>
        {t("export.button")}
      </Button>
      <Modal
        open={open}
        title={t("export.title")}
        onCancel={close}
        footer={
          view?.status === "done" ? (
            <Space>
              <Button onClick={() => save(view)}>{t("export.again")}</Button>
              <Button type="primary" onClick={close}>{t("export.close")}</Button>
            </Space>
          ) : (
            <Button onClick={close}>{t("export.close")}</Button>
          )
        }
      >
        {startError || saveError ? (
          <Alert type="error" showIcon message={startError ?? saveError} />
        ) : failed ? (
          <Alert type="error" showIcon message={view?.error ?? query.error?.message ?? t("export.failed")} />
        ) : (
          <Space direction="vertical" style={{ width: "100%" }}>
            <Progress percent={view ? exportPercent(view) : 0} status={view?.status === "done" ? "success" : "active"} />
            <Typography.Text type="secondary">
              {view?.status === "done"
                ? t("export.done", { rows: view.rowsDone.toLocaleString("zh-CN"), file: view.fileName })
                : t("export.running", { done: (view?.rowsDone ?? 0).toLocaleString("zh-CN"), total: (view?.rowsTotal ?? 0).toLocaleString("zh-CN") })}
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}
