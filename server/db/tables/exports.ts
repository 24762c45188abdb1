// Spreadsheet export tasks.
import type { Generated } from "kysely";

export interface ExportTasksTable {
  id: Generated<number>;
  memberId: number;
  kind: string;
  fileName: string;
  status: string; // running | done | failed
  rowsDone: Generated<number>;
  rowsTotal: Generated<number>;
  downloadKey: string;
  error: string | null;
  createTime: string;
  updateTime: string;
}
