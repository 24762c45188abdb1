// Operator accounts: reads and the writes of the staff screens and the set-up command. Every write
// made by an operator is audited in its own transaction (audit.ts).
import type { Kysely, Selectable } from "kysely";
import type { Database, OperatorsTable } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isUniqueViolation } from "../db/unique";
import { isoAt } from "../services/clock";
import { said } from "../services/i18n/text";
import { BizError, RET } from "../services/http/envelope";
import { hashPassword } from "../services/accounts/passwords";
import { isOpsRole } from "../../src/access/ops";
import type { OpsRole } from "../../src/domain/ops/paths";
import type { OpsOperatorView, OpsPage } from "../../src/domain/ops/schemas";
import { auditLog } from "./audit";
import { revokeOperatorSessions } from "./sessions";

export type OperatorRow = Selectable<OperatorsTable>;

/** What any reply may carry of an operator: never the password hash nor the TOTP secret. */
export function operatorView(o: OperatorRow): OpsOperatorView {
  return {
    id: o.id,
    account: o.account,
    name: o.name,
    role: isOpsRole(o.role) ? o.role : "ticketing",
    status: o.status,
    totpEnabled: o.totpEnabled === 1,
    createTime: o.createTime,
  };
}

export async function operatorByAccount(db: Kysely<Database>, account: string): Promise<OperatorRow | undefined> {
  return db.selectFrom("operators").selectAll().where("account", "=", account.trim().toLowerCase()).executeTakeFirst();
}

export async function operatorById(db: Kysely<Database>, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function adminExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("operators").select("id").where("role", "=", "admin").where("status", "=", 1).executeTakeFirst();
  return Boolean(row);
}

export async function operatorPage(db: Kysely<Database>, f: { pageNum: number; pageSize: number; keyword?: string }): Promise<OpsPage<OpsOperatorView>> {
  let q = db.selectFrom("operators");
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb("account", "like", like), eb("name", "like", like)]));
  }
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy("id", "asc").limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute();
  return { list: rows.map(operatorView), total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

export interface NewOperator {
  account: string;
  name: string;
  /** The password's MD5 digest, as every password travels. */
  password: string;
  role: OpsRole;
  /**
   * A TOTP secret already trusted, as stored (sealed under the server's key): the demo operators
   * only; others enrol at their first sign-in.
   */
  storedTotpSecret?: string;
}

const accountTaken = () => new BizError(RET.CONFLICT, said("ops.accountTaken"));

/** Inserts an operator; `by` is the administrator creating it (null: the set-up command). */
export async function createOperator(db: Kysely<Database>, input: NewOperator, by: number | null): Promise<OpsOperatorView> {
  const passwordHash = await hashPassword(input.password);
  const at = isoAt();
  try {
    return await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto("operators")
        .values({
          account: input.account.trim().toLowerCase(),
          name: input.name,
          passwordHash,
          totpSecret: input.storedTotpSecret ?? null,
          totpEnabled: input.storedTotpSecret ? 1 : 0,
          role: input.role,
          status: 1,
          createTime: at,
          updateTime: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const view = operatorView(row);
      await auditLog(trx, { operatorId: by ?? row.id, action: by ? "staff.create" : "staff.create-by-command", objectType: "operator", objectId: row.id, after: view });
      return view;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw accountTaken();
    throw e;
  }
}

export interface OperatorChange {
  id: number;
  name: string;
  role: OpsRole;
  status: number;
  password?: string;
}

/**
 * An administrator's change to an operator. A new password also clears the second factor (the
 * operator enrols again at the next sign-in); a new password, role or a disabled account ends the
 * operator's sessions. An administrator cannot change its own role or status, so the console can
 * never lose its last administrator by a slip.
 */
export async function updateOperator(db: Kysely<Database>, change: OperatorChange, by: number): Promise<OpsOperatorView> {
  const passwordHash = change.password ? await hashPassword(change.password) : null;
  return inTransaction(db, async (trx) => {
    const before = await operatorById(trx, change.id);
    if (!before) throw new BizError(RET.NOT_FOUND, said("ops.operatorNotFound"));
    if (change.id === by && (change.role !== before.role || change.status !== before.status)) {
      throw new BizError(RET.CONFLICT, said("ops.notOwnRoleOrStatus"));
    }
    const updated = await trx
      .updateTable("operators")
      .set({
        name: change.name,
        role: change.role,
        status: change.status,
        updateTime: isoAt(),
        ...(passwordHash ? { passwordHash, totpSecret: null, totpEnabled: 0, totpLastStep: null } : {}),
      })
      .where("id", "=", change.id)
      .where("updateTime", "=", before.updateTime)
      .returningAll()
      .executeTakeFirst();
    // Another change landed in between: the administrator reloads and decides again.
    if (!updated) throw new BizError(RET.CONFLICT, said("ops.operatorNotFound"));
    if (passwordHash || change.role !== before.role || change.status !== 1) await revokeOperatorSessions(trx, change.id);
    const after = operatorView(updated);
    await auditLog(trx, {
      operatorId: by,
      action: passwordHash ? "staff.update-password" : "staff.update",
      objectType: "operator",
      objectId: change.id,
      before: operatorView(before),
      after,
    });
    return after;
  });
}
