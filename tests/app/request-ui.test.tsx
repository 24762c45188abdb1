// @vitest-environment jsdom
// The request layer's UI bridge: business errors as antd messages, tips as antd modals (HTML
// sanitised), confirm with 确定/取消 navigating through react-router.
import axios, { type AxiosAdapter } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import App from "../../src/App";
import { i18n } from "../../src/providers/i18n-provider";
import { request } from "../../src/providers/request";

let reply: unknown;
// Only the test's own /t/* calls get the test reply; the app's calls (brand, menus) get a plain one.
const adapter: AxiosAdapter = async (config) => ({
  data: config.url?.startsWith("/t/") ? reply : { ret: 0, msg: "", data: null },
  status: 200,
  statusText: "OK",
  headers: {},
  config,
});
const originalAdapter = axios.defaults.adapter;

async function renderApp() {
  window.history.pushState({}, "", "/");
  render(<App />);
  await screen.findByRole("heading", { level: 1 });
}

describe("request UI bridge", () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage("zh-CN");
    axios.defaults.adapter = adapter; // clients made after this (the bridge makes one) use it
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = "";
    axios.defaults.adapter = originalAdapter;
  });

  it("shows a business error as an antd message", async () => {
    await renderApp();
    reply = { ret: 1001, msg: "余额不足", data: null };
    await expect(request("/t/pay")).rejects.toThrow("余额不足");
    expect(await screen.findByText("余额不足")).toBeTruthy();
  });

  it("shows a dialog tip as sanitised HTML in a modal", async () => {
    await renderApp();
    reply = { ret: 0, msg: "", data: null, tips: { type: "dialog", title: "出行提示", msg: '<b>请携带身份证</b><img src="x" onerror="alert(1)">' } };
    await request("/t/notice");
    // antd renders the title twice (visible and for aria-labelledby)
    expect((await screen.findAllByText("出行提示")).length).toBeGreaterThan(0);
    const bold = await screen.findByText("请携带身份证");
    expect(bold.tagName).toBe("B");
    expect(document.querySelector("img[onerror]")).toBeNull();
  });

  it("asks with 确定/取消 and navigates on 确定", async () => {
    await renderApp();
    reply = { ret: 0, msg: "", data: null, tips: { type: "confirm", msg: "", url: "/view/text/company.shtml" } };
    await request("/t/confirm");
    expect(await screen.findByText("是否执行此操作！")).toBeTruthy();
    expect(screen.getByRole("button", { name: "取消" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(window.location.pathname).toBe("/view/text/company.shtml"));
    expect((await screen.findAllByText("关于我们")).length).toBeGreaterThan(0);
  });
});
