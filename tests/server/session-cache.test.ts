// Sessions answered from memory: every write to members or sessions made by this process takes
// effect on the very next request, whoever makes it (a route, a job, a raw statement).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startHarness, type Harness } from "./harness";
import { call, freshClient, login } from "./account-helpers";
import { sessionWatchOf } from "../../server/db";
import { writesTo } from "../../server/db/write-watch";
import { resolveSession } from "../../server/services/accounts/sessions";

let h: Harness;
const db = () => h.db.db;
const info = async (token: string) => (await call(h.app, "/member/info", { token })).body;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => freshClient());

/** Answers the token a few times, so a cache would hold it. */
async function warm(token: string) {
  for (let i = 0; i < 3; i++) expect((await info(token)).ret).toBe(0);
}

describe("session cache", () => {
  it("refuses a signed-out token on the very next request", async () => {
    const token = await login(h.app, "13800000020");
    await warm(token);
    expect((await call(h.app, "/login/appLogout", { token })).body.ret).toBe(0);
    expect(await info(token)).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
  });

  it("refuses a token revoked or a member disabled by any writer, at once", async () => {
    const a = await login(h.app, "13800000030");
    await warm(a);
    await db().updateTable("sessions").set({ revokedAt: new Date().toISOString() }).where("revokedAt", "is", null).where("memberId", "=", (await info(a)).data.id).execute();
    expect((await info(a)).ret).toBe(401);

    const b = await login(h.app, "13800000030");
    await warm(b);
    await sql`update members set status = 0 where "mobilePhone" = '13800000030'`.execute(db());
    expect((await info(b)).ret).toBe(401);
    await sql`update members set status = 1 where "mobilePhone" = '13800000030'`.execute(db());
    expect((await info(b)).ret).toBe(0);
  });

  it("shows a member's own profile change on the next request", async () => {
    const token = await login(h.app, "13800000040");
    await warm(token);
    expect((await call(h.app, "/account/memberUpdate", { token, realName: "缓存测试" })).body.ret).toBe(0);
    expect((await info(token)).data.realName).toBe("缓存测试");
  });

  it("keeps nothing read while a transaction that wrote members is open", async () => {
    const token = await login(h.app, "13800000050");
    const watch = sessionWatchOf(db())!;
    const before = watch.epoch;
    await db().transaction().execute(async (trx) => {
      await trx.updateTable("members").set({ remark: "x" }).where("mobilePhone", "=", "13800000050").execute();
      expect(watch.open).toBe(1);
    });
    expect(watch.open).toBe(0);
    // Once when the write ran (twice: before and after it) and once more at the commit.
    expect(watch.epoch).toBe(before + 3);
    const member = await resolveSession(db(), token);
    expect(member?.remark).toBe("x");
    expect(Object.isFrozen(await resolveSession(db(), token))).toBe(true);
  });

  it("tells writes to members and sessions from everything else", () => {
    const touches = writesTo(["members", "sessions"]);
    for (const s of [
      'update "members" set "status" = ? where "id" = ?',
      'insert into "sessions" ("tokenHash") values (?)',
      "DELETE FROM sessions WHERE id = 1",
      'update "sessions" set "revokedAt" = $1',
      "drop table members",
    ]) expect(touches(s), s).toBe(true);
    for (const s of [
      'select * from "members" where "id" = ?',
      'update "company_members" set x = 1',
      'insert into "members_log" values (1)',
      'update "employees" set "memberId" = null',
    ]) expect(touches(s), s).toBe(false);
  });
});
