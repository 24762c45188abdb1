// Header, menus and the workbench frame in a real browser against the real server and demo
// data, signing in through the login dialog like a person (captcha bypass value -9990).
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

const SHOTS = "test-results/navigation";

const subNav = (page: Page) => page.getByRole("navigation", { name: "账户菜单" });

test("a guest sees the header with login and register, and the footer", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/airTicket/query");
  const header = page.locator("header.tp-header");
  await expect(header.getByRole("link", { name: "商旅首页" })).toHaveAttribute("href", "/th_business_index");
  await expect(header.getByRole("link", { name: "差旅预订" })).toBeVisible();
  await expect(header.getByRole("link", { name: "合伙人计划" })).toBeVisible();
  await expect(header.getByRole("link", { name: "登录" })).toHaveAttribute("href", "/view/login.shtml");
  await expect(header.getByRole("link", { name: "注册" })).toHaveAttribute("href", "/view/login.shtml?type=2");
  await expect(header.getByText("客服电话")).toBeVisible();
  await header.getByRole("button", { name: /下载APP/ }).hover();
  await expect(page.locator(".tp-qr canvas").first()).toBeVisible();
  await header.screenshot({ path: `${SHOTS}/header-guest.png` });

  const footer = page.locator("footer.tp-footer");
  for (const text of ["价格保障", "退订保障", "无捆绑销售", "24小时服务"]) await expect(footer.getByText(text)).toBeVisible();
  await expect(footer.getByRole("link", { name: "关于我们" })).toHaveAttribute("href", "/view/text/company.shtml");
  // The filing line the test server's deployment settings give.
  await expect(footer.getByText("沪ICP备2026000001号-1")).toBeVisible();
  await footer.screenshot({ path: `${SHOTS}/footer.png` });

  await page.goto("/");
  await expect(page.locator("header.tp-header")).toHaveAttribute("data-header-style", "transparent");
  await page.locator("header.tp-header").screenshot({ path: `${SHOTS}/header-guest-index.png` });
  expect(errors).toEqual([]);
});

test("the company administrator (70) gets the enterprise workbench and staff menus", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/myCenter/index");
  await expect(page).toHaveURL(/\/company\/index$/);
  const nav = subNav(page);
  await expect(nav.getByText("信用主会员")).toBeVisible();
  for (const name of ["企业工作台", "订单管理", "差旅管理", "差旅审批"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  await nav.getByRole("button", { name: /人员管理/ }).hover();
  await expect(page.getByRole("menuitem", { name: "企业员工" })).toBeVisible();
  await page.locator("header.tp-header").screenshot({ path: `${SHOTS}/header-70.png` });

  await page.getByRole("menuitem", { name: "企业员工" }).click();
  // The list keeps its paging and sorting in the address, so a query may follow the path.
  await expect(page).toHaveURL(/\/personnel\/enterpriseStall(\?|$)/);
  const main = page.locator('[data-page="EnterpriseStall"]');
  await expect(main.getByRole("heading", { name: "企业员工" })).toBeVisible();
  await expect(main.getByText("共 4 人")).toBeVisible();
  await expect(page.locator(".tp-frame__nav").getByRole("menuitem", { name: "企业员工" })).toHaveClass(/ant-menu-item-selected/);
  await page.screenshot({ path: `${SHOTS}/workbench-70-staff.png` });
  expect(errors).toEqual([]);
});

test("an employee without trip flags (13800000072) has no trip or order applications", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000072");
  await page.goto("/myCenter/index");
  await expect(page).toHaveURL(/\/travelCentral\/index$/);
  const nav = subNav(page);
  await expect(nav.getByText("信用子会员")).toBeVisible();
  await expect(nav.getByRole("link", { name: "因公订单" })).toBeVisible();
  await expect(nav.getByText("出差申请")).toHaveCount(0);
  await expect(page.getByText("行程申请")).toHaveCount(0);
  await expect(page.getByText("订单申请")).toHaveCount(0);
  await expect(nav.getByText("企业员工")).toHaveCount(0);
  await page.locator("header.tp-header").screenshot({ path: `${SHOTS}/header-7_0.png` });

  // The page itself is refused too, inside the frame.
  await page.goto("/travel/application");
  await expect(page.getByText("您没有权限访问此页面")).toBeVisible();
  expect(errors).toEqual([]);
});

test("an individual member (10) gets the account centre and no enterprise items", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/order/list?type=train");
  // The tab is taken from the address and removed from it (the list keeps its page there).
  await expect(page).toHaveURL(/\/order\/list(\?(?!.*type=).*)?$/);
  await expect(page.locator(".ant-tabs-tab-active")).toHaveText("火车票订单");
  const nav = subNav(page);
  await expect(nav.getByText("个人会员")).toBeVisible();
  await expect(nav.getByRole("link", { name: "账户中心" })).toBeVisible();
  for (const text of ["企业工作台", "差旅管理", "差旅审批", "企业员工", "结算设置"]) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  await page.locator("header.tp-header").screenshot({ path: `${SHOTS}/header-10.png` });
  await expect(page.locator("header.tp-header")).toHaveAttribute("data-header-style", "white");

  await page.locator("header.tp-header").getByRole("button", { name: /退出登录/ }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem("cache:menus"))).toBeNull();
  expect(errors).toEqual([]);
});
