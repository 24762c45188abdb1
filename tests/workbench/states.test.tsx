// @vitest-environment jsdom
// Workbench states against the real server: skeleton while loading, a Chinese error with a
// working retry, the wrong member type (the frame's 403, and the body's own answer behind it),
// figures read fresh from the database, and English.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import CompanyCentralIndex from "../../src/pages/workbench/CompanyCentralIndex";
import PersonalCentralIndex from "../../src/pages/workbench/PersonalCentralIndex";
import { WorkbenchPage } from "../../src/pages/workbench/WorkbenchPage";
import { configureRequest } from "../../src/providers/request";
import { i18n } from "../../src/providers/i18n-provider";
import { closedPort, startLiveServer, type LiveServer } from "../providers/live-server";
import { calls, renderElement, renderPage, signInAs } from "./render";

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer(() => []);
});
afterAll(async () => {
  await live?.close();
});
beforeEach(async () => {
  live.reset();
  await i18n.changeLanguage("zh-CN");
});
afterEach(() => cleanup());

// The body without the frame: its own states show at once, before the frame's access check.
const body = (kind: "company" | "personal") => <WorkbenchPage kind={kind}>{({ data }) => <p>{data.user.realName}</p>}</WorkbenchPage>;

describe("workbench states", () => {
  it("shows a skeleton until the server answers", async () => {
    await signInAs(live, "13800000010");
    const { container } = renderElement(body("personal"), "/personalCentral/index");
    expect(container.querySelector('[aria-busy="true"] .ant-skeleton')).toBeTruthy();
    expect(await screen.findByText("李明")).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it("shows a Chinese error when the server is unreachable, and retry loads the page", async () => {
    await signInAs(live, "13800000010");
    configureRequest({ baseURL: `http://127.0.0.1:${await closedPort()}/api` });
    renderElement(body("personal"), "/personalCentral/index");
    expect(await screen.findByText("工作台数据加载失败")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("无法连接服务器请检查网络连接后点击重试。");
    // Silent requests: the page shows its own error, no extra toast.
    expect(live.ui.error).not.toHaveBeenCalled();
    configureRequest({ baseURL: live.baseURL });
    fireEvent.click(screen.getByRole("button", { name: /重试/ }));
    expect(await screen.findByText("李明")).toBeTruthy();
    expect(screen.queryByText("工作台数据加载失败")).toBeNull();
  });

  it("refuses another type's workbench in the frame, without asking for its figures", async () => {
    await signInAs(live, "13800000010");
    const { container } = renderPage(CompanyCentralIndex, "/company/index");
    await waitFor(() => expect(container.querySelector('[data-access="forbidden"]')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 100));
    expect(calls(live, "/member/center/companystatistics")).toBe(0);
    expect(calls(live, "/account/AppAccount")).toBe(0);
  });

  it("answers a wrong type in the body too, linking to the member's own workbench", async () => {
    await signInAs(live, "13800000010");
    renderElement(body("company"), "/company/index");
    expect(await screen.findByText("此工作台不适用于您的账户类型")).toBeTruthy();
    expect(screen.getByText("您当前是个人会员，请进入您可使用的工作台。")).toBeTruthy();
    const result = screen.getByText("此工作台不适用于您的账户类型").closest(".ant-result") as HTMLElement;
    expect(within(result).getByRole("link", { name: "账户中心" }).getAttribute("href")).toBe("/personalCentral/index");
    expect(calls(live, "/member/center/companystatistics")).toBe(0);
    expect(calls(live, "/account/AppAccount")).toBe(0);
  });

  it("shows what the database holds now (no cached or invented figures)", async () => {
    const db = live.h.db.db;
    const m = await db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    await db.updateTable("wallets").set({ balanceFen: 765_432_109, points: 42 }).where("memberId", "=", m.id).execute();
    await signInAs(live, "13800000030");
    renderPage(PersonalCentralIndex, "/personalCentral/index");
    expect(await screen.findByText("您好，赵强")).toBeTruthy();
    expect(screen.getByTestId("fact-balance").textContent).toContain("7,654,321.09");
    expect(screen.getByTestId("fact-points").textContent).toContain("42");
    expect(screen.getByTestId("member-type").textContent).toBe("商务会员");
  });

  it("speaks English when the language is English", async () => {
    await i18n.changeLanguage("en-US");
    await signInAs(live, "13800000070");
    renderPage(CompanyCentralIndex, "/company/index");
    expect(await screen.findByText("Hello, 刘建国")).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("Credit main member");
    expect(screen.getByText("Credit available")).toBeTruthy();
    expect(within(screen.getByTestId("entry-points")).getByRole("link", { name: "Enterprise staff" }).getAttribute("href")).toBe("/personnel/enterpriseStall");
  });
});
