// The request layer (DESIGN §4, spec §7–§8) against the real server on a real port: what is
// sent, how replies and tips are handled. Failures and exception events: request-failures.test.ts.
// @ts-expect-error jsdom ships no types and @types/jsdom is not installed
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_PATH, markSessionEnding, request } from "../../src/providers/request";
import { getStoredUser, getToken, setStoredUser, setToken, takeRedirect } from "../../src/providers/session-store";
import { CURRENT_ADDRESS, sleep, type LiveServer, type Seen } from "./live-server";
import { call, failure, startRequestServer } from "./request-routes";

let s: LiveServer;

beforeAll(async () => {
  ({ s } = await startRequestServer());
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => s.reset());

describe("what is sent", () => {
  it("form-encodes nested objects and arrays as dot keys, which the server expands back", async () => {
    setToken("tok-1");
    const data = await request<{ seen: Seen; input: unknown }>("/t/echo", {
      name: "张三",
      passenger: { certNo: "110101199001011234", certType: 1 },
      list: [{ name: "a" }, { name: "b", tags: ["x", "y"] }],
      empty: null,
      skipped: undefined,
      flag: true,
    });
    expect(s.seen[0].contentType).toBe("application/x-www-form-urlencoded");
    expect(s.seen[0].method).toBe("POST");
    const { timestamp, device, ...body } = s.seen[0].body!;
    expect(body).toEqual({
      name: "张三",
      "passenger.certNo": "110101199001011234",
      "passenger.certType": "1",
      "list.0.name": "a",
      "list.1.name": "b",
      "list.1.tags.0": "x",
      "list.1.tags.1": "y",
      empty: "",
      flag: "true",
    });
    expect(device).toBe("web");
    expect(s.seen[0].authorization).toBe("Bearer tok-1");
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(5000);
    expect(data.input).toEqual({
      name: "张三",
      passenger: { certNo: "110101199001011234", certType: "1" },
      list: [{ name: "a" }, { name: "b", tags: ["x", "y"] }],
      empty: "",
      flag: "true",
    });
  });

  it("sends the payload as JSON when asked (a large field such as an uploaded file), the same fields added", async () => {
    setToken("tok-j");
    const data = await request<{ seen: Seen; input: unknown }>("/t/echo", { file: "UEsDBBQ+/=", rows: 2 }, { json: true });
    expect(s.seen[0].contentType).toBe("application/json");
    expect(s.seen[0].body).toMatchObject({ file: "UEsDBBQ+/=", rows: 2, device: "web", timestamp: expect.any(Number) });
    expect(s.seen[0].body).not.toHaveProperty("token");
    expect(s.seen[0].authorization).toBe("Bearer tok-j");
    expect(data.input).toEqual({ file: "UEsDBBQ+/=", rows: 2 });
  });

  it("sends GET parameters as a query string, dot keys included, with no body and no token in the URL", async () => {
    setToken("tok-2");
    await request("/t/echo", { city: "北京", page: { num: 2 } }, { method: "GET" });
    expect(s.seen[0]).toMatchObject({ method: "GET", body: null });
    expect(s.seen[0].query).toMatchObject({ city: "北京", "page.num": "2", device: "web" });
    expect(s.seen[0].query).not.toHaveProperty("token");
    expect(s.seen[0].authorization).toBe("Bearer tok-2");
    expect(Number(s.seen[0].query.timestamp)).toBeGreaterThan(Date.now() - 5000);
  });

  it("adds timestamp and device=web to every call, the token (in the Authorization header) only when there is one, and callers cannot override them", async () => {
    await request("/t/echo", { device: "ios", timestamp: 1 });
    expect(s.seen[0].body).not.toHaveProperty("token");
    expect(s.seen[0].authorization).toBeUndefined();
    expect(s.seen[0].body).toMatchObject({ device: "web" });
    expect(Number(s.seen[0].body!.timestamp)).toBeGreaterThan(1);
    setToken("tok-3");
    await request("/t/echo", {}, { method: "GET" });
    await call("ok");
    expect(s.seen.slice(1).map((x) => (x.method === "GET" ? x.query : x.body))).toEqual([
      expect.objectContaining({ device: "web", timestamp: expect.stringMatching(/^\d{13}$/) }),
      expect.objectContaining({ device: "web", timestamp: expect.stringMatching(/^\d{13}$/) }),
    ]);
    expect(s.seen.slice(1).map((x) => x.authorization)).toEqual(["Bearer tok-3", "Bearer tok-3"]);
  });

  it("does not send a needLogin call without a token: the server sees nothing", async () => {
    const onCatch = vi.fn();
    const e = await failure(request("/t/echo", { a: 1 }, { needLogin: true, onCatch }));
    expect(e.kind).toBe("no-token");
    expect(onCatch).toHaveBeenCalledWith(e);
    await sleep(50);
    expect(s.raw).toEqual([]);
    setToken("tok-4");
    await request("/t/echo", { a: 1 }, { needLogin: true });
    expect(s.raw).toEqual(["/api/t/echo"]);
  });
});

describe("replies", () => {
  it.each([
    ["ok", { n: 0 }],
    ["okString", { n: "0" }],
    ["r2100001", { n: 2100001 }],
    ["r21003", { n: 21003 }],
  ])("ret of %s is success and resolves data", async (name, data) => {
    const onCatch = vi.fn();
    await expect(call(name, {}, { onCatch })).resolves.toEqual(data);
    expect(onCatch).not.toHaveBeenCalled();
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("reads the older { status, message, result } shape, success and failure", async () => {
    await expect(call("old")).resolves.toEqual({ legacy: true });
    const e = await failure(call("oldFail"));
    expect(e).toMatchObject({ kind: "business", ret: 3001, message: "旧接口失败" });
    expect(s.ui.error).toHaveBeenCalledWith("旧接口失败", 5);
  });

  it.each(["r401", "r401s"])("%s clears user and token, saves the address and goes to the login page", async (name) => {
    setToken("tok-5");
    setStoredUser({ id: 7, realName: "李明" });
    const onCatch = vi.fn();
    const e = await failure(call(name, {}, { onCatch }));
    expect(e.kind).toBe("unauthorised");
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(takeRedirect()).toBe(CURRENT_ADDRESS);
    expect(s.ui.navigate).toHaveBeenCalledWith(LOGIN_PATH);
    expect(LOGIN_PATH).toBe("/view/login.shtml");
    expect(s.ui.error).not.toHaveBeenCalled();
    expect(onCatch).toHaveBeenCalledWith(e);
  });

  it("quietUnauthorised only rejects a 401: no message, no redirect, stored session untouched", async () => {
    setToken("tok-6");
    const e = await failure(call("r401", {}, { quietUnauthorised: true }));
    expect(e.kind).toBe("unauthorised");
    expect(getToken()).toBe("tok-6");
    expect(s.ui.navigate).not.toHaveBeenCalled();
    expect(s.ui.warning).not.toHaveBeenCalled();
  });

  it("a 401 for the token a sign-out is revoking, or one replaced meanwhile, does not send anyone to the login page", async () => {
    setToken("tok-7");
    markSessionEnding("tok-7");
    await failure(call("r401"));
    markSessionEnding(null);
    expect(s.ui.navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe("tok-7");

    const inFlight = failure(call("r401"));
    setToken("tok-8"); // a new sign-in while the old session's call was out
    expect((await inFlight).kind).toBe("unauthorised");
    expect(s.ui.navigate).not.toHaveBeenCalled();
    expect(s.ui.warning).not.toHaveBeenCalled();
    expect(getToken()).toBe("tok-8");

    await failure(call("r401")); // the current session's own 401 still ends it
    expect(s.ui.navigate).toHaveBeenCalledWith(LOGIN_PATH);
    expect(getToken()).toBeNull();
  });

  it("an expired session is announced once: calls made without a session right after it add no second message", async () => {
    setToken("tok-9");
    await failure(call("r401"));
    expect(s.ui.warning).toHaveBeenCalledExactlyOnceWith("登录已过期，请重新登录", 3);
    await failure(call("r401")); // the page reacting to the lost session, with no token
    expect(s.ui.warning).toHaveBeenCalledTimes(1);
    expect(s.ui.navigate).toHaveBeenCalledTimes(1);
    // A new session that expires in its turn is announced again.
    setToken("tok-10");
    await failure(call("r401"));
    expect(s.ui.warning).toHaveBeenCalledTimes(2);
  });

  it("does not save the login page itself as the address to return to", async () => {
    s.ui.currentAddress.mockReturnValueOnce(`${LOGIN_PATH}?from=x`);
    await failure(call("r401"));
    expect(takeRedirect()).toBeNull();
  });

  it("shows any other ret's msg as the plain msg for 5 s and rejects with the reply", async () => {
    const e = await failure(call("biz"));
    expect(e).toMatchObject({ kind: "business", ret: 2001, message: "余额不足", reply: { data: { balance: 0 } } });
    expect(s.ui.error).toHaveBeenCalledExactlyOnceWith("余额不足", 5);
  });

  it("passErrorCodeMsgRet as an option hides that ret's msg", async () => {
    await failure(call("biz", {}, { passErrorCodeMsgRet: [2001] }));
    await failure(call("pay16128", {}, { passErrorCodeMsgRet: ["16128"] }));
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("passErrorCodeMsgRet as a payload key hides the msg and is not sent", async () => {
    await failure(call("pay16128", { out_trade_no: "T1", passErrorCodeMsgRet: "16128,2001" }));
    await failure(call("biz", { passErrorCodeMsgRet: [2001] }));
    expect(s.ui.error).not.toHaveBeenCalled();
    expect(s.seen[0].body).toMatchObject({ out_trade_no: "T1" });
    for (const x of s.seen) expect(Object.keys(x.body!).some((k) => k.startsWith("passErrorCodeMsgRet"))).toBe(false);
    await failure(call("pay16128"));
    expect(s.ui.error).toHaveBeenCalledWith("支付处理中", 5);
  });

  it("onFail receives the reply instead of the default message; onCatch runs after it", async () => {
    const order: string[] = [];
    const onFail = vi.fn(() => void order.push("fail"));
    const onCatch = vi.fn(() => void order.push("catch"));
    const e = await failure(call("biz", {}, { onFail, onCatch }));
    expect(onFail).toHaveBeenCalledWith({ ret: 2001, msg: "余额不足", data: { balance: 0 }, tips: undefined });
    expect(onCatch).toHaveBeenCalledWith(e);
    expect(order).toEqual(["fail", "catch"]);
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("with failCodes, onFail gets only those rets; other codes show the default message", async () => {
    const onFail = vi.fn();
    await failure(call("biz", {}, { onFail, failCodes: ["2001"] }));
    expect(onFail).toHaveBeenCalledTimes(1);
    expect(s.ui.error).not.toHaveBeenCalled();
    await failure(call("biz", {}, { onFail, failCodes: [16128] }));
    expect(onFail).toHaveBeenCalledTimes(1);
    expect(s.ui.error).toHaveBeenCalledWith("余额不足", 5);
  });

  it("silent shows nothing for a business error", async () => {
    await failure(call("biz", {}, { silent: true }));
    expect(s.ui.error).not.toHaveBeenCalled();
  });
});

describe("tips", () => {
  it("toast shows a warning for its duration, on success and instead of the error message", async () => {
    await expect(call("toast")).resolves.toEqual({ n: 1 });
    expect(s.ui.warning).toHaveBeenCalledWith("航班有变动", 7);
    await failure(call("toastFail"));
    expect(s.ui.warning).toHaveBeenLastCalledWith("请稍后再试", 3);
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("dialog HTML is sanitised by DOMPurify in a page: markup kept, script and onerror removed", async () => {
    const { window } = new JSDOM("<!doctype html><body></body>");
    vi.stubGlobal("window", window);
    try {
      await call("dialog");
      // DOMPurify loads on the first dialog tip: the dialog opens once it is in.
      await vi.waitFor(() => expect(s.ui.dialog).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
    const [html, title] = s.ui.dialog.mock.calls[0];
    expect(title).toBe("公告");
    expect(html).toContain("<b>重要通知</b>");
    expect(html).toContain("<img");
    expect(html).not.toMatch(/<script|onerror|alert/);
  });

  it("dialog HTML is escaped, not passed through, where there is no DOM", async () => {
    await call("dialog");
    await vi.waitFor(() => expect(s.ui.dialog).toHaveBeenCalled());
    const [html] = s.ui.dialog.mock.calls[0];
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&#60;b&#62;重要通知");
  });

  it("confirm navigates to tips.url on OK, and replaces the error message", async () => {
    await failure(call("confirm"));
    expect(s.ui.confirm).toHaveBeenCalledWith("去补充资料？", "提示", expect.any(Function));
    expect(s.ui.navigate).not.toHaveBeenCalled();
    s.ui.confirm.mock.calls[0][2]();
    expect(s.ui.navigate).toHaveBeenCalledWith("/myCenter/index");
    expect(s.ui.error).not.toHaveBeenCalled();
  });
});
