// @vitest-environment jsdom
// Smoke test of the app shell: index page, catch-all redirect via /mismatch, language switch.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import App from "../../src/App";
import { i18n } from "../../src/providers/i18n-provider";

function renderAt(path: string) {
  window.history.pushState({}, "", path);
  return render(<App />);
}

describe("app shell", () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage("zh-CN");
  });
  afterEach(() => cleanup());

  it("shows the Chinese index page at /", async () => {
    renderAt("/");
    expect(await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" })).toBeTruthy();
    for (const text of ["机票", "火车票", "酒店", "企业差旅管理", "价格保障", "退订保障", "无捆绑销售", "24小时服务"]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    const login = screen.getAllByRole("link", { name: "登录" })[0];
    expect(login.getAttribute("href")).toBe("/view/login.shtml");
    expect(screen.getAllByRole("link", { name: "注册" })[0].getAttribute("href")).toBe("/view/login.shtml?type=2");
    expect(document.documentElement.lang).toBe("zh-CN");
  });

  it("serves the index page at /view/index.shtml too", async () => {
    renderAt("/view/index.shtml");
    expect(await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" })).toBeTruthy();
  });

  // Spec §4: /mismatch without a token goes on to the business index.
  it("sends a guest on an unknown path via /mismatch to the business index", async () => {
    renderAt("/no/such");
    await waitFor(() => expect(window.location.pathname).toBe("/th_business_index"));
  });

  it("shows the mismatch page to a signed-in member, with a way back", async () => {
    localStorage.setItem("token", "t".repeat(64));
    localStorage.setItem("userInfo", JSON.stringify({ id: 1, memberType: "10", realName: "李明" }));
    renderAt("/no/such");
    expect(await screen.findByText("页面不存在")).toBeTruthy();
    expect(window.location.pathname).toBe("/mismatch");
    expect(screen.getByRole("link", { name: "商旅首页" }).getAttribute("href")).toBe("/th_business_index");
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });

  it("switches to English and remembers the choice", async () => {
    renderAt("/");
    await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" });
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Travel Portal · Corporate travel, all in one place" })).toBeTruthy();
    expect(screen.getAllByText("Price guarantee").length).toBeGreaterThan(0);
    // What reads the language itself (the switch, the brand's company, the phone label) follows too.
    expect(screen.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/Trip Portal Network Technology Co\., Ltd\./)).toBeTruthy();
    expect(localStorage.getItem("locale")).toBe("en-US");
    expect(document.documentElement.lang).toBe("en-US");

    fireEvent.click(screen.getByRole("button", { name: "中文" }));
    expect(await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" })).toBeTruthy();
    expect(localStorage.getItem("locale")).toBe("zh-CN");
  });
});
