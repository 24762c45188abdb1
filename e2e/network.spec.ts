// 会员网络：企业管理员维护子公司（错误的统一社会信用代码被拒、正确的保存后出现在列表中，停用需确认）；
// 个人会员查看推荐码、推荐链接二维码与推荐会员列表，推荐链接打开注册框并带出推荐人；
// 分销服务商查看下级会员，并在快速下单中为一位下级会员预订机票（订单页显示“为 X 下单”）。
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead } from "./booking-helpers";
import { usccCheckChar } from "../src/domain/people/invoice-title";

const SHOTS = "test-results/network";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test("企业管理员新增子公司：错误的信用代码提示错误，正确的保存后列出，停用需确认", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/company/subsidiaries");
  await expect(page.getByRole("row", { name: /华信科技（上海）有限公司/ })).toContainText("139****0701");
  await expect(page.getByText("共 3 家")).toBeVisible();
  await shot(page, "subsidiaries");

  await page.getByRole("button", { name: "新增子公司" }).click();
  const drawer = page.getByRole("dialog", { name: "新增子公司" });
  await drawer.getByLabel("公司名称").fill("华信科技（杭州）有限公司");
  const good = "91330106MA2B3C4D5" + usccCheckChar("91330106MA2B3C4D5");
  const bad = good.slice(0, 17) + (good[17] === "1" ? "2" : "1");
  await drawer.getByLabel("统一社会信用代码").fill(bad);
  await drawer.getByLabel("联系人").fill("钱塘");
  await drawer.getByLabel("联系电话").fill("13900000766");
  await drawer.getByLabel("地址").fill("杭州市西湖区文三路1号");
  await drawer.getByRole("button", { name: "保存" }).click();
  await expect(drawer.getByText("请输入正确的统一社会信用代码")).toBeVisible();
  await shot(page, "subsidiary-bad-code");

  await drawer.getByLabel("统一社会信用代码").fill(good.toLowerCase());
  await drawer.getByRole("button", { name: "保存" }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole("row", { name: /华信科技（杭州）有限公司/ });
  await expect(row).toContainText(good);
  await expect(row).toContainText("139****0766");
  await expect(row).toContainText("启用");

  // Searching by name finds it alone; disabling asks first.
  await page.getByPlaceholder("按公司名称搜索").fill("杭州");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page.getByText("共 1 家")).toBeVisible();
  await row.getByRole("button", { name: "停用" }).click();
  await expect(page.getByText("是否执行此操作！")).toBeVisible();
  await page.getByRole("tooltip").getByRole("button", { name: "确定" }).click();
  await expect(row.locator(".ant-tag")).toHaveText("停用");
  await expect(row.getByRole("button", { name: "启用" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("个人会员查看推荐码、二维码与推荐会员；推荐链接带出推荐人", async ({ page, browser }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/city/recommended");
  await expect(page.getByText("我的推荐码")).toBeVisible();
  await expect(page.getByRole("img", { name: "扫码注册" }).locator("canvas")).toBeVisible();
  const link = page.getByLabel("推荐注册链接");
  await expect(link).toContainText("/view/login.shtml?type=2&refermobilephone=13800000010");
  await expect(page.locator(".ant-statistic", { hasText: "已推荐会员" })).toContainText("3");
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("周涛");
  await expect(rows.first()).toContainText("138****0113");
  await expect(rows.first()).toContainText("商务会员");
  await shot(page, "recommended");

  // A friend opens the link: the register form has the referrer filled in.
  const friend = await browser.newPage();
  await friend.goto("/view/login.shtml?type=2&refermobilephone=13800000010");
  await expect(friend.getByRole("dialog").getByPlaceholder("推荐人手机号（选填）")).toHaveValue("13800000010");
  await friend.close();
  expect(errors).toEqual([]);
});

test("分销服务商查看下级会员，并为一位下级会员快速下单", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000040");
  await page.goto("/city/subordinate");
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole("row", { name: /林峰/ })).toContainText("138****0142");
  await page.getByPlaceholder("姓名/手机号").fill("马超");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("马超");
  await shot(page, "subordinates");

  await page.goto("/city/quickOrder");
  const lin = page.getByRole("row", { name: /林峰/ });
  await expect(lin).toBeVisible();
  await shot(page, "quick-order");
  await lin.getByRole("link", { name: /为其订机票/ }).click();
  await expect(page).toHaveURL(/\/airTicket\/query\?forMemberId=\d+/);
  await expect(page.getByRole("status").filter({ hasText: "为 林峰 下单" })).toBeVisible();

  // Search like a person: the member stays with the search and goes on to the order form.
  const pick = async (label: string, typed: string, name: string) => {
    const box = page.getByRole("combobox", { name: label });
    await box.click();
    await box.fill(typed);
    await page.getByRole("listbox", { name: label }).getByRole("option", { name }).first().click();
  };
  await pick("出发城市", "bj", "北京");
  await pick("到达城市", "sh", "上海");
  const date = page.getByPlaceholder("出发日期", { exact: true });
  await date.click();
  await date.fill(daysAhead(6));
  await date.press("Enter");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/forMemberId=\d+/);
  await expect(page).toHaveURL(/depCity=BJS/);
  const card = page.locator("[data-flight]").first();
  await card.getByRole("button", { name: /订票/ }).click();
  await card.locator(".tp-bk-cabin").first().getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?.*forMemberId=\d+/);
  await expect(page.getByRole("status").filter({ hasText: "为 林峰 下单" })).toBeVisible();
  await page.getByLabel("姓名").first().fill("林峰");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await shot(page, "quick-order-form");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);

  // The order counts for the member it was booked for.
  await page.goto("/city/subordinate");
  await expect(page.getByRole("row", { name: /林峰/ }).locator("td").nth(3)).toHaveText("1");
  expect(errors).toEqual([]);
});
