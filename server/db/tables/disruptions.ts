// 航变 records and the orders they flagged (migration 128).
import type { Generated } from "kysely";

export interface DisruptionsTable {
  id: Generated<number>;
  kind: string;
  product: string;
  no: string;
  date: string;
  oldDepTime: string | null;
  oldArrTime: string | null;
  newDepTime: string | null;
  newArrTime: string | null;
  reason: string;
  createdBy: string;
  createTime: string;
}

export interface OrderDisruptionsTable {
  id: Generated<number>;
  orderId: number;
  disruptionId: number;
  companyId: number | null;
  status: string;
  chosenAt: string | null;
  createTime: string;
}
