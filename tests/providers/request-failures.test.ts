// The request layer's transport failures and the exception events the server stores for them
// (spec §8), against the real server on a real port.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { configureRequest, request } from "../../src/providers/request";
import { setToken } from "../../src/providers/session-store";
import { closedPort, sleep, type LiveServer } from "./live-server";
import { CANNED, call, eventCount, eventOf, failure, startRequestServer } from "./request-routes";

let s: LiveServer;
let memberToken: string;
let memberId: number;

beforeAll(async () => {
  ({ s, memberToken, memberId } = await startRequestServer());
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => s.reset());

describe("transport failures", () => {
  it("a closed port is shown as 'text.' for 5 s and rejects; onCatch runs", async () => {
    const port = await closedPort();
    configureRequest({ baseURL: `http://127.0.0.1:${port}/api` });
    const onCatch = vi.fn();
    const e = await failure(request("/t/echo", {}, { onCatch }));
    expect(e.kind).toBe("network");
    expect(s.ui.error).toHaveBeenCalledExactlyOnceWith(`connect ECONNREFUSED 127.0.0.1:${port}.`, 5);
    expect(onCatch).toHaveBeenCalledWith(e);
  });

  it("HTTP 500 with an envelope shows the envelope's msg and is stored as API_CALL_EXCEPTION", async () => {
    const e = await failure(request("/t/crash", { orderNo: "A1" }));
    expect(e).toMatchObject({ kind: "http", httpStatus: 500, ret: 500, message: "服务器繁忙，请稍后再试" });
    expect(s.ui.error).toHaveBeenCalledExactlyOnceWith("服务器繁忙，请稍后再试.", 5);
    const row = await eventOf(s, "/t/crash");
    expect(row).toMatchObject({ type: "API_CALL_EXCEPTION", httpCode: 500, device: "web" });
    expect(JSON.parse(row.param!)).toEqual({ orderNo: "A1" });
    expect(JSON.parse(row.response!)).toMatchObject({ ret: 500 });
  });

  it("a dropped connection is a network failure, stored as API_CALL_EXCEPTION with httpCode 0", async () => {
    const e = await failure(request("/t/hangup"));
    expect(e.kind).toBe("network");
    expect(s.ui.error).toHaveBeenCalledWith("socket hang up.", 5);
    expect(await eventOf(s, "/t/hangup")).toMatchObject({ type: "API_CALL_EXCEPTION", httpCode: 0, response: "socket hang up" });
  });

  it("a 200 that is not an envelope fails, and is reported unless silent", async () => {
    const e = await failure(request("/t/html"));
    expect(e).toMatchObject({ kind: "http", httpStatus: 200 });
    expect(s.ui.error).toHaveBeenCalledWith("服务器应答格式不正确.", 5);
    expect(await eventOf(s, "/t/html")).toMatchObject({ type: "API_CALL_EXCEPTION", httpCode: 200 });
    s.ui.error.mockClear();
    await failure(request("/t/html", {}, { silent: true }));
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("a timeout rejects, shows 'text.' and is stored as API_TIMEOUT_EXCEPTION with code 888", async () => {
    const onCatch = vi.fn();
    const e = await failure(request("/t/slow", { city: "上海" }, { timeout: 150, onCatch }));
    expect(e.kind).toBe("timeout");
    expect(onCatch).toHaveBeenCalledWith(e);
    expect(s.ui.error).toHaveBeenCalledExactlyOnceWith("请求超时，请稍后重试.", 5);
    const row = await eventOf(s, "/t/slow");
    expect(row).toMatchObject({ type: "API_TIMEOUT_EXCEPTION", httpCode: 888, response: "timeout of 150ms exceeded", device: "web" });
    expect(row.costTime).toBeGreaterThanOrEqual(140);
    expect(JSON.parse(row.param!)).toEqual({ city: "上海" });
  });

  it("a cancelled call shows and reports nothing", async () => {
    const ctl = new AbortController();
    const p = failure(request("/t/slow", {}, { signal: ctl.signal }));
    await vi.waitFor(() => expect(s.seen).toHaveLength(1));
    ctl.abort();
    expect((await p).kind).toBe("canceled");
    await sleep(100);
    expect(s.ui.error).not.toHaveBeenCalled();
    expect(s.raw.filter((u) => u.startsWith("/api/event/send"))).toEqual([]);
  });
});

describe("exception events stored by the server", () => {
  it.each([
    ["r500", "500"],
    ["r1030", "1030"],
    ["r999999", "999999"],
  ])("ret of %s is stored as API_BUSINESS_EXCEPTION with secrets redacted", async (name, ret) => {
    setToken(memberToken);
    const payload = { mobilePhone: "13800000010", loginPsw: "e10adc3949ba59abbe56e057f20f883e", passenger: { name: "张三", payPswd: "123456" } };
    await failure(call(name, payload));
    const row = await eventOf(s, `/t/env/${name}`);
    expect(row).toMatchObject({ type: "API_BUSINESS_EXCEPTION", httpCode: 200, ret, device: "web", memberId });
    const param = JSON.parse(row.param!);
    expect(param).toEqual({ mobilePhone: "13800000010", loginPsw: "***", passenger: { name: "张三", payPswd: "***" } });
    expect(row.param).not.toContain(memberToken);
    expect(JSON.parse(row.response!)).toEqual(CANNED[name]);
    expect(row.costTime).toEqual(expect.any(Number));
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.userAgent).toBeTruthy();
  });

  it("other rets, successes and noReport calls are not reported", async () => {
    await failure(call("biz2"));
    await call("ok");
    await failure(call("r1030", {}, { noReport: true }));
    await failure(call("r500", { marker: 1 }));
    await vi.waitFor(() => expect(s.raw.filter((u) => u === "/api/event/send")).toHaveLength(1));
    await sleep(100);
    expect(s.raw.filter((u) => u === "/api/event/send")).toHaveLength(1);
    expect(await eventCount(s, "/t/env/biz2")).toBe(0);
    expect(await eventCount(s, "/t/env/ok")).toBe(0);
  });

  it("stores the portal's appVer and device with the event", async () => {
    await failure(request("/t/crash", { appVerCheck: 1 }));
    await vi.waitFor(async () => expect(await eventCount(s, "/t/crash")).toBeGreaterThan(0));
    const rows = await s.h.db.db.selectFrom("exception_events").select(["appVer", "device"]).where("api", "=", "/t/crash").execute();
    expect(rows.at(-1)!.appVer).toBe("9.9.9-test");
    expect(rows.at(-1)!.device).toBe("web");
  });
});
