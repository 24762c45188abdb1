// Spreadsheet exports: what a column is, and what the portal reads while an export is prepared.

/** How a cell is written: money arrives in integer fen and is shown as yuan `#,##0.00`. */
export type ExportColumnKind = "text" | "int" | "money" | "date" | "datetime";

export interface ExportColumn<R> {
  key: keyof R & string;
  header: string;
  kind: ExportColumnKind;
  /** Characters; a Chinese character counts about two. */
  width?: number;
}

export type ExportStatus = "running" | "done" | "failed";

/** The reply of starting an export and of asking how it goes. */
export interface ExportTaskView {
  taskId: number;
  status: ExportStatus;
  rowsDone: number;
  rowsTotal: number;
  fileName: string;
  /** Present once done: the path (under the API base) to POST the task id to for the file. */
  downloadPath: string | null;
  error: string | null;
}

/** Whole percent for a progress bar; an export with no rows is complete once done. */
export function exportPercent(view: Pick<ExportTaskView, "status" | "rowsDone" | "rowsTotal">): number {
  if (view.status === "done") return 100;
  if (view.rowsTotal <= 0) return 0;
  return Math.min(99, Math.floor((view.rowsDone * 100) / view.rowsTotal));
}

/** Where a finished export is fetched: a POST of { taskId } with the session, never a key in a URL. */
export const EXPORT_FILE_PATH = "/export/file";
