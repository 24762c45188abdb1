// @vitest-environment jsdom
// The real <App/> in jsdom at every address of spec §2, signed in as the company administrator
// (13800000070) against the real server: where the address bar ends and which page shows. Plus
// what a guest sees: public pages with the header, protected pages without it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import App from "../../src/App";
import { i18n } from "../../src/providers/i18n-provider";
import { MENUS_CACHE_KEY } from "../../src/providers/access-control";
import { ORDER_TAB_KEY } from "../../src/layout/order-list-loaders";
import { servePortal } from "../providers/live-server";
import { startHarness, type Harness } from "../server/harness";
import { login } from "../server/account-helpers";
import { memberInfo } from "../../server/services/accounts/member-view";
import { SPEC_ROUTES, type SpecRoute } from "./spec-routes";
import { findRoute } from "../../src/access/routes";

let h: Harness;
let session: { token: string; user: unknown };

beforeAll(async () => {
  h = await startHarness();
  await servePortal(h);
  const token = await login(h.app, "13800000070");
  const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  session = { token, user: await memberInfo(h.db.db, member) };
});
afterAll(async () => h?.close());
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage("zh-CN");
});
afterEach(() => cleanup());

function signIn() {
  localStorage.setItem("token", session.token);
  localStorage.setItem("userInfo", JSON.stringify(session.user));
}

function renderAt(address: string) {
  window.history.replaceState({}, "", address);
  return render(<App />);
}

const here = () => window.location.pathname + window.location.search;
const marker = (name: string) => document.querySelector(`[data-page="${name}"]`);

/** Pages of other authors carry no data-page: their title or heading marks them. */
const OTHER_MARKERS: Record<string, () => boolean> = {
  index: () => !!screen.queryByRole("heading", { level: 1, name: /企业差旅一站式服务/ }),
  index_shtml: () => !!screen.queryByRole("heading", { level: 1, name: /企业差旅一站式服务/ }),
  Login: () => document.title.includes("会员登录"),
  mismatch: () => !!screen.queryByText("页面不存在"),
};

/** Where an address ends, signed in (a signed-in member stays on /mismatch: see src/access/guard.ts). */
function expected(r: SpecRoute): { path: string; name: string; tab?: string } {
  const landing = r.landing;
  if ("page" in landing) {
    // Signed in already, the login page has nothing to do and goes to the index address.
    if (landing.page === "Login") return { path: "/view/index.shtml", name: "index_shtml" };
    return { path: r.path, name: landing.page };
  }
  // /myCenter/index picks the signed-in user's workbench: the company's, for 70.
  if (r.path === "/myCenter/index") return { path: "/company/index", name: "CompanyCentralIndex" };
  const [pathname, search = ""] = landing.to.split("?");
  const query = new URLSearchParams(search);
  // OrderLists keeps the tab and drops `type` from the address.
  if (pathname === "/order/list" && query.has("type")) {
    const tab = query.get("type")!;
    query.delete("type");
    const rest = query.toString();
    return { path: rest ? `${pathname}?${rest}` : pathname, name: "OrderLists", tab };
  }
  return { path: landing.to, name: "" };
}

describe("every spec §2 address, signed in as the company administrator", () => {
  it.each(SPEC_ROUTES.map((r) => [r.path, r] as const))("%s", async (_address, r) => {
    signIn();
    renderAt(r.path);
    const want = expected(r);
    await waitFor(() => expect(here()).toBe(want.path), { timeout: 8000 });
    await waitFor(
      () => {
        const name = want.name || document.querySelector("[data-page]")?.getAttribute("data-page") || "";
        const ok = OTHER_MARKERS[name]?.() ?? !!marker(name);
        expect(ok, `page ${name || "(any)"} at ${here()}`).toBe(true);
      },
      { timeout: 8000 },
    );
    if (want.tab) expect(sessionStorage.getItem(ORDER_TAB_KEY)).toBe(want.tab);
    // Bare routes show neither header nor footer; the others show both (tests/routes/routes.test.ts
    // checks which routes are bare against the spec).
    // Pages load lazily: a navigation keeps the previous screen until the next page's code is in.
    await waitFor(() => {
      const chrome = !!document.querySelector(".tp-header") && !!document.querySelector(".tp-footer");
      expect(chrome, "header and footer").toBe(findRoute(window.location.pathname)?.def.chrome !== "bare");
    });
  });
});

describe("the signed-in header", () => {
  it("shows the type label, the menu tree from the server and the user's name", async () => {
    signIn();
    renderAt("/order/list?type=hotel");
    expect(await screen.findByText("信用主会员")).toBeTruthy();
    const nav = await screen.findByRole("navigation", { name: "账户菜单" });
    await waitFor(() => expect(nav.textContent).toContain("人员管理"));
    for (const text of ["企业工作台", "订单管理", "差旅管理", "差旅审批", "账单报表"]) expect(nav.textContent).toContain(text);
    expect(nav.textContent).not.toContain("出差申请");
    expect(within(nav).getByRole("link", { name: "企业工作台" }).getAttribute("href")).toBe("/company/index");
    expect(within(nav).getByRole("link", { name: "订单管理" }).getAttribute("href")).toBe("/order/list?type=airTicket");
    expect(within(nav).getByRole("button", { name: /人员管理/ }).getAttribute("aria-haspopup")).toBe("menu");
    // The real name leads through /myCenter/index to the company workbench.
    expect(screen.getByRole("link", { name: /刘建国/ }).getAttribute("href")).toBe("/myCenter/index");
    expect(screen.getByRole("button", { name: /退出登录/ })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(MENUS_CACHE_KEY)!)).toMatchObject({ lang: "zh", data: { menus: expect.any(Array) } });
    // The hotel tab is active; the frame's breadcrumb follows it.
    expect(document.querySelector(".ant-tabs-tab-active")?.textContent).toBe("酒店订单");
    expect(document.querySelector(".ant-breadcrumb")?.textContent).toContain("酒店订单");
  });

  it("shows a 403 inside the frame for a page the user may not open", async () => {
    signIn();
    renderAt("/city/subordinate");
    expect(await screen.findByText("您没有权限访问此页面")).toBeTruthy();
    expect(marker("Subordinate")?.getAttribute("data-access")).toBe("forbidden");
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });
});

describe("a guest", () => {
  it("sees the header with 登录 and 注册 on a public page", async () => {
    renderAt("/airTicket/query");
    expect(await screen.findByText("请选择出发城市、到达城市和日期，查询航班")).toBeTruthy();
    const header = document.querySelector(".tp-header")!;
    expect(header.getAttribute("data-header-style")).toBe("default");
    expect(screen.getAllByRole("link", { name: "登录" })[0].getAttribute("href")).toBe("/view/login.shtml");
    expect(screen.getAllByRole("link", { name: "注册" })[0].getAttribute("href")).toBe("/view/login.shtml?type=2");
    for (const [name, href] of [["商旅首页", "/th_business_index"], ["差旅预订", "/airTicket/query"], ["合伙人计划", "/partner_plan_index"], ["查看订单", "/myCenter/order_list_air"]]) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(header.textContent).toContain("客服电话");
    expect(document.querySelector(".tp-footer")?.textContent).toMatch(/价格保障.*退订保障.*无捆绑销售.*24小时服务/);
    expect(screen.getByRole("link", { name: "关于我们" }).getAttribute("href")).toBe("/view/text/company.shtml");
    expect(screen.getByRole("link", { name: "服务协议" }).getAttribute("href")).toBe("/view/text/serviceagreement.shtml");
  });

  it("gets no header or footer on a protected page, and no redirect until signed in", async () => {
    renderAt("/myCenter/order_list_air?gpFlag=1");
    await waitFor(() => expect(document.querySelector('[data-state="login-required"]')).not.toBeNull());
    expect(here()).toBe("/myCenter/order_list_air?gpFlag=1");
    expect(document.querySelector(".tp-header")).toBeNull();
    expect(document.querySelector(".tp-footer")).toBeNull();
  });

  it("gets the transparent header on the index page", async () => {
    renderAt("/");
    await screen.findByRole("heading", { level: 1, name: /企业差旅一站式服务/ });
    expect(document.querySelector(".tp-header")?.getAttribute("data-header-style")).toBe("transparent");
  });
});
