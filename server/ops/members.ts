// The operator console's members: search, enable/disable (a disabled member's sessions end with
// it) and unlock (the sign-in and pay-password locks its wrong passwords left). Each change is
// audited in its own transaction, with the company of a company member so its administrator
// reads the row too.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isoAt } from "../services/clock";
import { said } from "../services/i18n/text";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf } from "../services/http/paging";
import { revokeMemberSessions } from "../services/accounts/sessions";
import { throttleKey } from "../services/accounts/throttle";
import { accountOf } from "../services/accounts/password-guard";
import { companyIdOfMember } from "../services/accounts/members";
import { memberTypeKey } from "../../src/domain/member";
import type { OpsMemberFilters, OpsMemberRow } from "../../src/domain/ops/companies";
import type { OpsPage } from "../../src/domain/ops/schemas";
import { auditLog } from "./audit";

const memberMissing = () => new BizError(RET.NOT_FOUND, said("ops.memberNotFound"));

/** The throttle rows that can refuse a member: its sign-in locks (any address) and its pay password. */
function lockKeys(memberId: number) {
  const subject = accountOf(memberId, "");
  return { subject, keys: [throttleKey("pay-password", memberId), throttleKey("password-account", subject)] };
}

async function lockedMembers(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const at = isoAt();
  const bySubject = new Map(ids.map((id) => [accountOf(id, ""), id]));
  const byPayKey = new Map(ids.map((id) => [throttleKey("pay-password", id), id]));
  const rows = await db
    .selectFrom("throttles")
    .select(["key", "subject"])
    .where("lockedUntil", ">", at)
    .where((eb) => eb.or([eb("subject", "in", [...bySubject.keys()]), eb("key", "in", [...byPayKey.keys()])]))
    .execute();
  const out = new Set<number>();
  for (const r of rows) {
    const id = (r.subject ? bySubject.get(r.subject) : undefined) ?? byPayKey.get(r.key);
    if (id !== undefined) out.add(id);
  }
  return out;
}

export async function memberPage(db: Kysely<Database>, f: OpsMemberFilters): Promise<OpsPage<OpsMemberRow>> {
  let q = db
    .selectFrom("members as m")
    .leftJoin("employees as e", "e.id", "m.creditEmployeeId")
    .leftJoin("companies as c", (j) => j.on((eb) => eb.or([eb("c.id", "=", eb.ref("e.companyId")), eb.and([eb("e.id", "is", null), eb("c.id", "=", eb.ref("m.creditMemberId"))])])));
  const like = likePattern(f.keyword);
  if (like) q = q.where((eb) => eb.or([eb("m.mobilePhone", "like", like), eb("m.realName", "like", like), eb("m.account", "like", like)]));
  if (f.companyId !== undefined) q = q.where("c.id", "=", f.companyId);
  if (f.status !== undefined) q = q.where("m.status", "=", f.status);
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select(["m.id", "m.mobilePhone", "m.realName", "m.account", "m.memberType", "m.creditMemberId", "m.creditEmployeeId", "m.status", "m.createTime", "c.id as companyId", "c.name as companyName"])
    .orderBy("m.id", "asc")
    .limit(f.pageSize)
    .offset(offsetOf(f))
    .execute();
  const locked = await lockedMembers(db, rows.map((r) => r.id));
  return {
    list: rows.map((r) => ({
      id: r.id, mobilePhone: r.mobilePhone, realName: r.realName, account: r.account, memberType: r.memberType, typeKey: memberTypeKey(r),
      companyId: r.companyId ?? null, companyName: r.companyName ?? null, status: Number(r.status), locked: locked.has(r.id), createTime: r.createTime,
    })),
    total: Number(total.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

async function memberRow(trx: Kysely<Database>, id: number) {
  const m = await trx.selectFrom("members").select(["id", "status", "mobilePhone", "realName", "creditMemberId", "creditEmployeeId"]).where("id", "=", id).executeTakeFirst();
  if (!m) throw memberMissing();
  return m;
}

/** Disabled, the member cannot sign in and every session of it ends in the same transaction. */
export async function setMemberStatus(db: Kysely<Database>, id: number, status: number, operatorId: number): Promise<{ id: number; status: number }> {
  return inTransaction(db, async (trx) => {
    const m = await memberRow(trx, id);
    if (Number(m.status) === status) return { id, status };
    const moved = await trx.updateTable("members").set({ status, updateTime: isoAt() }).where("id", "=", id).where("status", "=", m.status).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    if (status === 0) await revokeMemberSessions(trx, id);
    await auditLog(trx, {
      operatorId, action: status === 1 ? "member.enable" : "member.disable", objectType: "member", objectId: id, companyId: await companyIdOfMember(trx, m),
      before: { status: Number(m.status), mobilePhone: m.mobilePhone }, after: { status, mobilePhone: m.mobilePhone },
    });
    return { id, status };
  });
}

/** Lifts every lock its wrong passwords left: sign-in from any address, the captcha flag, the pay password. */
export async function unlockMember(db: Kysely<Database>, id: number, operatorId: number): Promise<{ id: number; locked: boolean }> {
  return inTransaction(db, async (trx) => {
    const m = await memberRow(trx, id);
    const { subject, keys } = lockKeys(id);
    const wasLocked = (await lockedMembers(trx, [id])).has(id);
    const cleared = await trx.deleteFrom("throttles").where((eb) => eb.or([eb("subject", "=", subject), eb("key", "in", keys)])).executeTakeFirst();
    await auditLog(trx, {
      operatorId, action: "member.unlock", objectType: "member", objectId: id, companyId: await companyIdOfMember(trx, m),
      before: { locked: wasLocked, mobilePhone: m.mobilePhone }, after: { locked: false, countsCleared: Number(cleared.numDeletedRows) },
    });
    return { id, locked: false };
  });
}
