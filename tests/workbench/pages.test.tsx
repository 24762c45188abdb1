// @vitest-environment jsdom
// The four workbenches against the real server and demo seed: each shows the member's own
// figures and only the entry points that member's menus allow.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import CompanyCentralIndex from "../../src/pages/workbench/CompanyCentralIndex";
import TravelCentralIndex from "../../src/pages/workbench/TravelCentralIndex";
import PersonalCentralIndex from "../../src/pages/workbench/PersonalCentralIndex";
import DistributionCentralIndex from "../../src/pages/workbench/DistributionCentralIndex";
import { i18n } from "../../src/providers/i18n-provider";
import { startLiveServer, type LiveServer } from "../providers/live-server";
import { renderPage, signInAs } from "./render";

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

/** Entry-point labels → hrefs inside the 常用功能 section only (the frame has its own menus). */
async function entries(): Promise<Record<string, string>> {
  const section = await screen.findByTestId("entry-points");
  const out: Record<string, string> = {};
  for (const a of within(section).getAllByRole("link")) out[a.textContent ?? ""] = a.getAttribute("href") ?? "";
  return out;
}
const fact = (key: string) => screen.getByTestId(`fact-${key}`).textContent ?? "";

describe("CompanyCentralIndex (70)", () => {
  it("shows the company's money, credit line and people, and the administrator's entries", async () => {
    await signInAs(live, "13800000070");
    renderPage(CompanyCentralIndex, "/company/index");
    expect(await screen.findByText("您好，刘建国", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("信用主会员");
    expect(screen.getByTestId("company-name").textContent).toBe("华信科技有限公司");
    expect(fact("balance")).toContain("120,000.00");
    expect(fact("creditLimit")).toContain("500,000.00");
    expect(fact("creditUsed")).toContain("86,420.00");
    expect(fact("creditAvailable")).toContain("413,580.00");
    expect(fact("employees")).toContain("4");
    expect(fact("departments")).toContain("4");
    expect(fact("auditors")).toContain("2");
    const depts = screen.getByTestId("departments").textContent ?? "";
    for (const d of ["总经办", "研发部", "市场部", "财务部"]) expect(depts).toContain(d);

    const e = await entries();
    expect(e).toMatchObject({
      企业员工: "/personnel/enterpriseStall",
      审批流程设置: "/travel/travelManage/processSettings",
      差旅标准: "/travel/travelManage/standardSettings",
      行程审批: "/travel/audit",
      企业账单: "/finance/enterpriseBill",
      结算设置: "/finance/settlementSet",
      机票订单: "/order/list?type=airTicket",
    });
    for (const hidden of ["行程申请", "订单申请", "快速下单", "下级管理", "分润收益", "常用旅客", "账户中心", "企业工作台"]) {
      expect(e, hidden).not.toHaveProperty(hidden);
    }
  });
});

describe("TravelCentralIndex (7_0)", () => {
  it("shows a department head's trip level, flags, audit right and the company credit", async () => {
    await signInAs(live, "13800000071");
    renderPage(TravelCentralIndex, "/travelCentral/index");
    expect(await screen.findByText("您好，陈静")).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("信用子会员");
    expect(fact("balance")).toContain("320.00");
    expect(fact("points")).toContain("560");
    expect(fact("companyCredit")).toContain("413,580.00");
    expect(fact("companyCredit")).toContain("授信 ¥500,000.00已用 ¥86,420.00");
    const travel = screen.getByTestId("my-travel");
    for (const text of ["华信科技有限公司", "研发部", "部门主管", "管理层"]) expect(within(travel).getAllByText(text).length).toBeGreaterThan(0);
    const flags = screen.getByTestId("trip-flags").textContent;
    for (const f of ["需审批", "费用管控", "改签审批", "超标审批"]) expect(flags).toContain(f);
    expect(screen.getByTestId("audit-right").textContent).toBe("可审批");

    const e = await entries();
    expect(e).toMatchObject({ 行程申请: "/travel/application", 订单申请: "/travel/application/order", 行程审批: "/travel/audit", 外部出行人: "/personnel/externalPersonnel" });
    for (const hidden of ["企业员工", "差旅标准", "企业账单", "快速下单", "下级管理", "账户中心"]) expect(e, hidden).not.toHaveProperty(hidden);
  });

  it("shows an employee without trip flags or audit right, and offers no application or approval", async () => {
    await signInAs(live, "13800000072");
    renderPage(TravelCentralIndex, "/travelCentral/index");
    expect(await screen.findByText("您好，杨帆")).toBeTruthy();
    expect(screen.getByTestId("trip-flags").textContent).toBe("无差旅管控");
    expect(screen.getByTestId("audit-right").textContent).toBe("无审批权限");
    const e = await entries();
    expect(e).toHaveProperty("常用旅客");
    for (const hidden of ["行程申请", "订单申请", "行程审批", "订单审批"]) expect(e, hidden).not.toHaveProperty(hidden);
  });
});

describe("PersonalCentralIndex (10-50)", () => {
  it("shows an individual member's wallet, level, validity and orders", async () => {
    await signInAs(live, "13800000010");
    renderPage(PersonalCentralIndex, "/personalCentral/index");
    expect(await screen.findByText("您好，李明")).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("个人会员");
    expect(fact("balance")).toContain("1,280.50");
    expect(fact("points")).toContain("3,260");
    expect(fact("memberLevel")).toContain("V1");
    expect(fact("memberLevel")).toContain("有效期 永久有效");
    expect(fact("balance")).toContain("可用 ¥1,280.50冻结 ¥0.00");
    expect(fact("ticketOrders")).toContain("0");
    const e = await entries();
    expect(e).toMatchObject({ 账户中心: "/myCenter/accountCenter", 常用旅客: "/personnel/passengers", 推荐会员: "/city/recommended", 交易账单: "/bill/transactionBill" });
    for (const hidden of ["企业员工", "快速下单", "下级管理", "分润收益", "行程申请", "分销工作台"]) expect(e, hidden).not.toHaveProperty(hidden);
  });

  it("shows a city operator its agent entries", async () => {
    await signInAs(live, "13800000050");
    renderPage(PersonalCentralIndex, "/personalCentral/index");
    expect(await screen.findByText("您好，吴刚")).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("城市运营商");
    expect(fact("balance")).toContain("18,760.40");
    expect(fact("memberLevel")).toContain("V3");
    const e = await entries();
    expect(e).toMatchObject({ 下级管理: "/city/subordinate", 快速下单: "/city/quickOrder", 分润收益: "/bill/shareBill" });
    expect(e).not.toHaveProperty("企业员工");
  });
});

describe("PersonalCentralIndex for a distribution provider (40)", () => {
  it("links on to the distribution workbench, not to itself", async () => {
    await signInAs(live, "13800000040");
    renderPage(PersonalCentralIndex, "/personalCentral/index");
    expect(await screen.findByText("您好，孙立")).toBeTruthy();
    const e = await entries();
    expect(e).toMatchObject({ 分销工作台: "/distribution/index", 下级管理: "/city/subordinate" });
    expect(e).not.toHaveProperty("账户中心");
  });
});

describe("DistributionCentralIndex (40)", () => {
  it("shows the provider's funds and its distribution business first", async () => {
    await signInAs(live, "13800000040");
    renderPage(DistributionCentralIndex, "/distribution/index");
    expect(await screen.findByText("您好，孙立")).toBeTruthy();
    expect(screen.getByTestId("member-type").textContent).toBe("分销服务商");
    expect(screen.getByText("会员等级 V3")).toBeTruthy();
    expect(screen.getByText("有效期 永久有效")).toBeTruthy();
    expect(fact("balance")).toContain("23,450.00");
    expect(fact("available")).toContain("22,250.00");
    expect(fact("frozen")).toContain("1,200.00");
    expect(fact("points")).toContain("15,600");
    const business = screen.getByTestId("distribution-business");
    const links = Object.fromEntries(within(business).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual({ 下级管理: "/city/subordinate", 推荐会员: "/city/recommended", 快速下单: "/city/quickOrder", 分润收益: "/bill/shareBill" });
    const e = await entries();
    // The account centre button leads to the personal page; the page does not link to itself.
    expect(e).toMatchObject({ 账户中心: "/personalCentral/index", 机票销售报表: "/bill/airSaleBill" });
    // Child buttons (导入旅客 under 常用旅客) are actions of their page, not workbench entries.
    for (const hidden of ["导入旅客", "分销工作台", "企业员工", "行程申请", "企业账单", "外部出行人"]) expect(e, hidden).not.toHaveProperty(hidden);
  });
});
