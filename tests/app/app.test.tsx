// @vitest-environment jsdom
// Smoke test of the app shell: index page, catch-all redirect to /mismatch, language switch.
import "../../src/polyfills";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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

  it("redirects unknown paths to /mismatch", async () => {
    renderAt("/no/such");
    expect(await screen.findByText("页面不存在")).toBeTruthy();
    expect(window.location.pathname).toBe("/mismatch");
    expect(screen.getByRole("link", { name: "商旅首页" }).getAttribute("href")).toBe("/view/index.shtml");
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });

  it("switches to English and remembers the choice", async () => {
    renderAt("/");
    await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" });
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Travel Portal · Corporate travel, all in one place" })).toBeTruthy();
    expect(screen.getAllByText("Price guarantee").length).toBeGreaterThan(0);
    expect(localStorage.getItem("locale")).toBe("en-US");
    expect(document.documentElement.lang).toBe("en-US");

    fireEvent.click(screen.getByRole("button", { name: "中文" }));
    expect(await screen.findByRole("heading", { level: 1, name: "商旅门户 · 企业差旅一站式服务" })).toBeTruthy();
    expect(localStorage.getItem("locale")).toBe("zh-CN");
  });
});
