// The operator audit log: who did what to which object, when, and the object before and after.
// auditLog is called with the transaction of the action itself, so an action that fails leaves no
// row and a row never describes an action that did not happen. Only operator administrators read
// the whole log; a company's administrator reads the rows about its own company's objects.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import type { OpsAuditFilters, OpsAuditRow, OpsPage } from "../../src/domain/ops/schemas";
import type { OpsAuditAction, OpsAuditObject } from "../../src/domain/ops/audit-actions";

export interface AuditEntry {
  operatorId: number;
  action: OpsAuditAction;
  objectType: OpsAuditObject;
  objectId?: string | number | null;
  companyId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Secrets never reach the log, whatever object is described. */
const SECRET_FIELDS = new Set(["passwordHash", "totpSecret", "password", "payPasswordHash"]);

function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v: unknown) => (SECRET_FIELDS.has(key) ? undefined : v));
}

export async function auditLog(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("operator_audit")
    .values({
      operatorId: entry.operatorId,
      at: isoAt(),
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      companyId: entry.companyId ?? null,
      before: snapshot(entry.before),
      after: snapshot(entry.after),
    })
    .execute();
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A page of the log, newest first; `companyId` narrows it to one company's objects. */
export async function auditPage(db: Kysely<Database>, f: OpsAuditFilters): Promise<OpsPage<OpsAuditRow>> {
  let q = db.selectFrom("operator_audit");
  if (f.companyId !== undefined) q = q.where("operator_audit.companyId", "=", f.companyId);
  if (f.operatorId !== undefined) q = q.where("operator_audit.operatorId", "=", f.operatorId);
  if (f.action) q = q.where("operator_audit.action", "=", f.action);
  if (f.objectType) q = q.where("operator_audit.objectType", "=", f.objectType);
  if (f.from) q = q.where("operator_audit.at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("operator_audit.at", "<=", `${f.to}T23:59:59.999Z`);
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .leftJoin("operators", "operators.id", "operator_audit.operatorId")
    .leftJoin("companies", "companies.id", "operator_audit.companyId")
    .selectAll("operator_audit")
    .select(["operators.name as operatorName", "companies.name as companyName"])
    .orderBy("operator_audit.id", "desc")
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, before: parsed(r.before), after: parsed(r.after) })),
    total: Number(total.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}
