// The session store tells its listeners of every sign-in and sign-out, including another tab's,
// so the portal re-renders for the new session instead of remounting.
// @ts-expect-error jsdom ships no types and @types/jsdom is not installed
import { JSDOM } from "jsdom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

let store: typeof import("../../src/providers/session-store");
let dom: { window: Window & typeof globalThis };

beforeAll(async () => {
  dom = new JSDOM("", { url: "http://localhost/" });
  vi.stubGlobal("window", dom.window);
  vi.stubGlobal("localStorage", dom.window.localStorage);
  vi.stubGlobal("sessionStorage", dom.window.sessionStorage);
  store = await import("../../src/providers/session-store");
});
afterEach(() => store.clearSession());

describe("session changes", () => {
  it("are heard on sign-in, on a new token and on sign-out, not when nothing changed", () => {
    const heard = vi.fn();
    const stop = store.subscribeSession(heard);
    store.setToken("t1");
    store.setToken("t1");
    store.setToken("t2");
    store.clearSession();
    store.clearSession();
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    store.setToken("t3");
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("are heard when another tab signs in or out, not for its other keys", () => {
    const heard = vi.fn();
    const stop = store.subscribeSession(heard);
    const fire = (key: string | null) => dom.window.dispatchEvent(new dom.window.StorageEvent("storage", { key }));
    fire("token");
    fire(null);
    fire("locale");
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });
});
