// Helpers of the account tests: calls from a chosen client address (so the per-IP rate limits of
// one test do not spill into the next), the dev outbox, row counts and a settable clock.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { demoPasswordMd5 } from "./harness";
import { setClock } from "../../server/services/clock";
import { hashPassword } from "../../server/services/accounts/passwords";

let ipCounter = 0;
let currentIp = "127.0.0.1";

/** Each test acts as its own client (a fresh address for the per-IP backstop). */
export function freshClient(): string {
  ipCounter += 1;
  currentIp = `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.1`;
  return currentIp;
}

export interface Reply {
  status: number;
  body: { ret: number; msg: string; data: any };
  headers: Record<string, unknown>;
}

export async function call(app: FastifyInstance, url: string, body: Record<string, string | number> = {}, ip = currentIp): Promise<Reply> {
  const res = await app.inject({
    method: "POST",
    url: `/api${url}`,
    remoteAddress: ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function get(app: FastifyInstance, url: string, ip = currentIp) {
  return app.inject({ method: "GET", url: `/api${url}`, remoteAddress: ip });
}

/** A finished export's file: its task id POSTed with the session in the Authorization header. */
export function downloadExport(app: FastifyInstance, token: string | null, view: { taskId: number; downloadPath: string | null }) {
  return app.inject({
    method: "POST",
    url: `/api${view.downloadPath ?? "/export/file"}`,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ taskId: view.taskId }),
  });
}

/** The newest code the dev outbox holds for a phone. */
export async function lastCode(app: FastifyInstance, mobilePhone: string): Promise<string> {
  const res = await get(app, `/dev/sms-outbox?mobilePhone=${mobilePhone}`);
  const list = res.json().data as { code: string }[];
  if (!list.length) throw new Error(`no SMS for ${mobilePhone}`);
  return list[0].code;
}

export async function count(db: Kysely<any>, table: string): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number((row as { n: unknown } | undefined)?.n ?? 0);
}

export async function counts(db: Kysely<any>, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await count(db, t);
  return out;
}

export async function login(app: FastifyInstance, account: string, passwordMd5 = demoPasswordMd5): Promise<string> {
  // The portal always sends a captcha; tests use the development bypass.
  const r = await call(app, "/login/appNewLogin", { mobilePhone: account, loginPsw: passwordMd5, accCode: "-9990" });
  if (r.body.ret !== 0) throw new Error(`login ${account}: ${r.body.msg}`);
  return r.body.data.token;
}

/**
 * A clock the test moves by hand; restore with realClock(). Given an app, only that app's clock
 * moves; without one, the process default every app without its own clock follows.
 */
export function fakeClock(start = Date.now(), app?: FastifyInstance) {
  let t = start;
  if (app) app.instance.clock.set(() => t);
  else setClock(() => t);
  return {
    advance: (ms: number) => {
      t += ms;
    },
    now: () => t,
  };
}

export function realClock(app?: FastifyInstance): void {
  if (app) app.instance.clock.set(null);
  else setClock(null);
}

/** A wrong 6-digit code, different from the right one. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

/** The pay password (its MD5, as the portal sends it) the tests give members who pay from the wallet. */
export const PAY_PASSWORD_MD5 = "d3786ec2413a8cd9413bfcb24be95a73"; // the digest of 135790

/** Gives these members (every member so far when none are named) the tests' pay password: the wallet never pays without one. */
export async function givePayPassword(db: Kysely<any>, memberIds?: readonly number[]): Promise<void> {
  const payPasswordHash = await hashPassword(PAY_PASSWORD_MD5);
  let q = db.updateTable("members").set({ payPasswordHash });
  if (memberIds) q = q.where("id", "in", memberIds.length ? [...memberIds] : [0]);
  await q.execute();
}
