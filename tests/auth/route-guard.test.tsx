// @vitest-environment jsdom
// The route guard component against the real server: protected routes open the dialog and come
// back after login, third-party entry links sign in and land on the partner's home page, and
// /mismatch leaves for an index (signing in with ?token=…).
import { describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { partnerSign } from "../../server/services/accounts/partner-sign";
import { closeLogin, getLoginDialog } from "../../src/providers/login-dialog";
import { getStoredUser, getToken } from "../../src/providers/session-store";
import { ENTRY_STORAGE_KEYS } from "../../src/providers/route-guard";
import { renderAt, useLiveServer } from "./live";

const s = useLiveServer();

const where = () => screen.getByTestId("where").textContent;
const entryUrl = (path: string, appId: string, secret: string, extra = "") => {
  const ts = Date.now();
  return `${path}?appId=${appId}&sign=${partnerSign(secret, appId, ts)}&timestamp=${ts}${extra}`;
};

describe("route needing login", () => {
  it("opens the dialog over the page without a token, and returns there after login", async () => {
    renderAt("/myCenter/setting?tab=pay");
    await waitFor(() => expect(getLoginDialog().open).toBe(true));
    const dialog = await screen.findByRole("dialog");
    expect(where()).toBe("/myCenter/setting?tab=pay");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入手机号/账号"), { target: { value: "13800000010" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入密码"), { target: { value: "demo123456" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入验证码"), { target: { value: "-9990" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "登录" }));
    await waitFor(() => expect(getToken()).toBeTruthy());
    await waitFor(() => expect(getLoginDialog().open).toBe(false));
    expect(where()).toBe("/myCenter/setting?tab=pay");
    await waitFor(() => expect(sessionStorage.getItem("loginRedirect")).toBeNull()); // the saved address was used
  });

  it("does not open the dialog on public pages, nor when signed in", async () => {
    renderAt("/view/index.shtml");
    await act(async () => {});
    expect(getLoginDialog().open).toBe(false);
    cleanup();
    localStorage.setItem("token", "some-token");
    renderAt("/myCenter/self_info");
    await act(async () => {});
    expect(getLoginDialog().open).toBe(false);
  });

  it("closing the dialog on a protected page keeps it closed until the next navigation", async () => {
    renderAt("/myCenter/self_info");
    await screen.findByRole("dialog");
    act(() => closeLogin());
    await act(async () => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(getLoginDialog().open).toBe(false);
  });
});

describe("third-party entry", () => {
  it("weilan: storage replaced, signed in, entry keys dropped, home page /wl/index", async () => {
    localStorage.setItem("cache:flight:last", "{}");
    localStorage.setItem("token", "someone-else");
    sessionStorage.setItem("x", "1");
    renderAt(entryUrl("/th_business_index", "WL2020000002", "demo-secret-weilan", "&access_type=THIRD_PARTY"));
    await waitFor(() => expect(where()).toBe("/wl/index"));
    expect(getToken()).not.toBe("someone-else");
    expect(getToken()).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ thirdPartyName: "weilan", mobilePhone: "13800000082" });
    expect(localStorage.getItem("cache:flight:last")).toBeNull();
    expect(sessionStorage.getItem("x")).toBeNull();
    expect(localStorage.getItem(ENTRY_STORAGE_KEYS.appId)).toBe("WL2020000002");
    // The partner's timestamp went as signTimestamp (the request layer owns `timestamp`).
    expect(s.bodies("/thirdParty/entry").at(-1)).toMatchObject({ appId: "WL2020000002", access_type: "THIRD_PARTY", signTimestamp: expect.stringMatching(/^\d{13}$/) });
  });

  it("tianhe: stays on its home page with sign and appId kept; the sign is used once", async () => {
    const url = entryUrl("/th_business_index", "TH2019000001", "demo-secret-tianhe");
    renderAt(url);
    await waitFor(() => expect(getStoredUser()).toMatchObject({ thirdPartyName: "tianhe" }));
    expect(where()).toBe(url);
    const entries = s.bodies("/thirdParty/entry").length;
    cleanup(); // a reload of the same address
    renderAt(url);
    await act(async () => {});
    await new Promise((r) => setTimeout(r, 100));
    expect(s.bodies("/thirdParty/entry")).toHaveLength(entries);
    expect(getStoredUser()).toMatchObject({ thirdPartyName: "tianhe" });
  });

  it("tianhe on the official index goes to the business index", async () => {
    renderAt(entryUrl("/th_official_index", "TH2019000001", "demo-secret-tianhe"));
    await waitFor(() => expect(where()).toMatch(/^\/th_business_index\?appId=TH2019000001&sign=/));
  });

  it("a bad sign signs nobody in; the reason is shown and a protected page asks for login", async () => {
    renderAt(`/myCenter/self_info?appId=WL2020000002&sign=${"0".repeat(64)}&timestamp=${Date.now()}`);
    expect(await screen.findByText("签名校验失败，请从合作方重新进入")).toBeTruthy();
    await waitFor(() => expect(getLoginDialog().open).toBe(true));
    await waitFor(() => expect(where()).toBe("/myCenter/self_info"));
    expect(getToken()).toBeNull();
  });
});

describe("/mismatch", () => {
  it("goes to the business index", async () => {
    renderAt("/mismatch");
    await waitFor(() => expect(where()).toBe("/th_business_index"));
  });

  it("with ?token=… signs in with that token and goes to the business index", async () => {
    const login = await fetch(`${s.baseURL}/login/appNewLogin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "mobilePhone=13800000030&loginPsw=" + (await import("../../src/domain/forms/auth")).passwordDigest("demo123456"),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    localStorage.setItem("cache:menu", "[]");
    renderAt(`/mismatch?token=${token}`);
    await waitFor(() => expect(where()).toBe("/th_business_index"));
    expect(getToken()).toBe(token);
    expect(localStorage.getItem("cache:menu")).toBeNull();
    await waitFor(() => expect(getStoredUser()).toMatchObject({ mobilePhone: "13800000030", memberTypeCN: "商务会员" }));
  });
});
