// Test routes for the request layer: canned envelopes at /t/env/<name>, an echo, a slow route,
// a crash (HTTP 500), a dropped connection and a non-envelope page; plus helpers shared by the
// request test files.
import { z } from "zod";
import { expect, vi } from "vitest";
import { defineRoute } from "../../server/services/http/route";
import { ok } from "../../server/services/http/envelope";
import { createSession } from "../../server/services/accounts/sessions";
import { RequestError, request, type RequestOptions } from "../../src/providers/request";
import { makeRecorder, sleep, startLiveServer, type LiveServer, type Seen } from "./live-server";

export const DIALOG_HTML = '<b>重要通知</b><script>alert(1)</script><img src="x" onerror="alert(2)">';

/** Canned replies, each at /t/env/<name>. */
export const CANNED: Record<string, unknown> = {
  ok: { ret: 0, msg: "成功", data: { n: 0 } },
  okString: { ret: "0", msg: "成功", data: { n: "0" } },
  r2100001: { ret: 2100001, msg: "成功（有数据）", data: { n: 2100001 } },
  r21003: { ret: 21003, msg: "成功（有数据）", data: { n: 21003 } },
  r401: { ret: 401, msg: "登录已过期，请重新登录", data: null },
  r401s: { ret: "401", msg: "登录已过期，请重新登录", data: null },
  r500: { ret: 500, msg: "系统异常", data: null },
  r1030: { ret: 1030, msg: "第三方接口异常", data: null },
  r999999: { ret: "999999", msg: "未知错误", data: null },
  biz: { ret: 2001, msg: "余额不足", data: { balance: 0 } },
  biz2: { ret: 2001, msg: "余额不足", data: { balance: 0 } },
  pay16128: { ret: 16128, msg: "支付处理中", data: null },
  toast: { ret: 0, msg: "成功", data: { n: 1 }, tips: { type: "toast", msg: "航班有变动", duration: 7 } },
  toastFail: { ret: 2002, msg: "下单失败", data: null, tips: { type: "toast", msg: "请稍后再试" } },
  dialog: { ret: 0, msg: "成功", data: null, tips: { type: "dialog", title: "公告", msg: DIALOG_HTML } },
  confirm: { ret: 2003, msg: "需要补充资料", data: null, tips: { type: "confirm", title: "提示", msg: "去补充资料？", url: "/myCenter/index" } },
  old: { status: 0, message: "ok", result: { legacy: true } },
  oldFail: { status: 3001, message: "旧接口失败", result: null },
};


const anything = z.looseObject({});

export interface RequestServer {
  s: LiveServer;
  memberId: number;
  memberToken: string;
}

export async function startRequestServer(): Promise<RequestServer> {
  const s = await startLiveServer((seen: Seen[]) => {
    const record = makeRecorder(seen);
    return [
      ...Object.entries(CANNED).map(([name, body]) =>
        defineRoute({ method: "POST", url: `/t/env/${name}`, summary: name, access: "public", input: anything, handler: ({ req, reply }) => {
          record(req);
          return reply.send(body);
        } }),
      ),
      ...(["POST", "GET"] as const).map((method) =>
        defineRoute({ method, url: "/t/echo", summary: "echo", access: "public", input: anything, handler: ({ req, input }) => ({ seen: record(req), input }) }),
      ),
      defineRoute({ method: "POST", url: "/t/slow", summary: "slow", access: "public", input: anything, handler: async ({ req }) => {
        record(req);
        await sleep(800);
        return ok(null);
      } }),
      defineRoute({ method: "POST", url: "/t/crash", summary: "crash", access: "public", input: anything, handler: ({ req }) => {
        record(req);
        throw new Error("boom");
      } }),
      defineRoute({ method: "POST", url: "/t/hangup", summary: "hangup", access: "public", input: anything, handler: ({ req, reply }) => {
        record(req);
        reply.hijack();
        req.raw.socket.destroy();
      } }),
      defineRoute({ method: "POST", url: "/t/html", summary: "html", access: "public", input: anything, handler: ({ reply }) =>
        reply.type("text/html; charset=utf-8").send("<!doctype html><title>网关</title>") }),
    ];
  });
  const m = await s.h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
  const memberToken = await createSession(s.h.db.db, m.id);
  return { s, memberId: m.id, memberToken };
}

export const call = (name: string, data: Record<string, unknown> = {}, options: RequestOptions = {}) => request(`/t/env/${name}`, data, options);
export const failure = async (p: Promise<unknown>): Promise<RequestError> => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(RequestError);
  return e as RequestError;
};

/** The one stored event of an api path, waited for: reports are fire-and-forget. */
export async function eventOf(s: LiveServer, api: string) {
  return vi.waitFor(
    async () => {
      const rows = await s.h.db.db.selectFrom("exception_events").selectAll().where("api", "=", api).execute();
      expect(rows).toHaveLength(1);
      return rows[0];
    },
    { timeout: 3000, interval: 25 },
  );
}
export const eventCount = async (s: LiveServer, api: string) => (await s.h.db.db.selectFrom("exception_events").select("id").where("api", "=", api).execute()).length;
