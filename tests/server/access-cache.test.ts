// A cached session's access facts (audit right, trip level flags) are kept with the cached member:
// a write to the employee or trip level behind them, or a sign-out or password change, takes
// effect on the very next request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { demoPasswordMd5, startHarness, type Harness } from "./harness";
import { call, freshClient, login } from "./account-helpers";
import { createAuthorize, accessSubjectOf } from "../../server/services/authorize";
import { resolveSession } from "../../server/services/accounts/sessions";
import { md5 } from "../../server/services/accounts/passwords";

let h: Harness;
const db = () => h.db.db;
const HEAD = "13800000071"; // 陈静: a company's sub-member who may audit, on a trip level with approval

const approvals = async (token: string) => (await call(h.app, "/credit/get_approve_apply_note", { token, box: "todo", subjectType: "trip" })).body;
const applications = async (token: string) => (await call(h.app, "/credit/find_apply_note", { token, status: "pending", scope: "domestic" })).body;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => freshClient());

async function employeeOf(phone: string) {
  const m = await db().selectFrom("members").select(["id", "creditEmployeeId"]).where("mobilePhone", "=", phone).executeTakeFirstOrThrow();
  return db().selectFrom("employees").select(["id", "canAudit", "tripLevelId"]).where("id", "=", m.creditEmployeeId).executeTakeFirstOrThrow();
}

describe("access facts kept with a cached session", () => {
  it("are read once for a cached member and shared, frozen", async () => {
    const token = await login(h.app, HEAD);
    const member = (await resolveSession(db(), token))!;
    expect(Object.isFrozen(member)).toBe(true);
    const a = await accessSubjectOf(db(), member);
    expect(await accessSubjectOf(db(), member)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(a.creditEmployee?.canAudit).toBe(1);
    // A member that is not a cached copy is read afresh every time.
    expect(await accessSubjectOf(db(), { ...member })).not.toBe(a);
  });

  it("follow a change of the employee's audit right on the next request", async () => {
    const token = await login(h.app, HEAD);
    const e = await employeeOf(HEAD);
    for (let i = 0; i < 3; i++) expect((await approvals(token)).ret).toBe(0);
    await sql`update employees set "canAudit" = 0 where id = ${e.id}`.execute(db());
    expect(await approvals(token)).toMatchObject({ ret: 403 });
    await sql`update employees set "canAudit" = 1 where id = ${e.id}`.execute(db());
    expect((await approvals(token)).ret).toBe(0);
  });

  it("follow a change of the trip level's flags on the next request", async () => {
    const token = await login(h.app, HEAD);
    const e = await employeeOf(HEAD);
    const level = await db().selectFrom("trip_levels").selectAll().where("id", "=", e.tripLevelId!).executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) expect((await applications(token)).ret).toBe(0);
    await db().updateTable("trip_levels").set({ approveFlag: 0, feeFlag: 0, changeApprove: 0, overproof: 0, overApprove: 0 }).where("id", "=", level.id).execute();
    expect(await applications(token)).toMatchObject({ ret: 403 });
    await db()
      .updateTable("trip_levels")
      .set({ approveFlag: level.approveFlag, feeFlag: level.feeFlag, changeApprove: level.changeApprove, overproof: level.overproof, overApprove: level.overApprove })
      .where("id", "=", level.id)
      .execute();
    expect((await applications(token)).ret).toBe(0);
  });

  it("end with a sign-out or a password change on the next request", async () => {
    const authorize = createAuthorize(db());
    const a = await login(h.app, HEAD);
    for (let i = 0; i < 3; i++) expect((await approvals(a)).ret).toBe(0);
    const member = (await resolveSession(db(), a))!;
    expect(await authorize(member, "approvals")).toBe(true);
    expect((await call(h.app, "/login/appLogout", { token: a })).body.ret).toBe(0);
    expect(await approvals(a)).toMatchObject({ ret: 401 });

    const b = await login(h.app, HEAD);
    const c = await login(h.app, HEAD);
    for (let i = 0; i < 3; i++) expect((await approvals(c)).ret).toBe(0);
    // b changes the password: every other session of the member ends, c's among them.
    const changed = await call(h.app, "/updatePsw", { token: b, oldPswd: demoPasswordMd5, pswd: md5("access-cache-1") });
    expect(changed.body.ret, changed.body.msg).toBe(0);
    expect(await approvals(c)).toMatchObject({ ret: 401 });
    expect((await approvals(b)).ret).toBe(0);
  });
});
