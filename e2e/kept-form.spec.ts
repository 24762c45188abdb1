// A session that expires while the train order form is filled: 提交订单 says 登录已过期 once (one
// message, not two), the sign-in brings the member back to the same page with everything they
// typed, and submitting then creates the order, after which the kept copy is gone.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate } from "./booking-helpers";

const MEMBER = "13800000010";

test("a session expiring on 提交订单 keeps the form across the sign-in and says so once", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  await page.goto("/train/train_query_list");
  await pick(page, "出发站", "bj", "北京");
  await pick(page, "到达站", "sh", "上海");
  await setDate(page, "出发日期", daysAhead(6));
  await page.getByRole("button", { name: "搜索" }).click();
  const train = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') }).first();
  await expect(train).toBeVisible();
  await train.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?/);
  const orderPage = page.url();

  await page.getByLabel("乘客 1").fill("赵六");
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("赵六");
  await page.getByLabel("联系人手机").fill("13900000001");

  // The session ends on the server (as when it expires) while the page still holds its token.
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  expect((await (await page.request.post("/api/login/appLogout", { form: { token } })).json()).ret).toBe(0);
  await page.getByRole("button", { name: "提交订单" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByPlaceholder("请输入手机号/账号")).toBeVisible();
  await expect(page.locator(".ant-message-notice", { hasText: "登录已过期，请重新登录" })).toHaveCount(1);
  await expect(page.locator(".ant-message-notice")).toHaveCount(1);

  await dialog.getByPlaceholder("请输入手机号/账号").fill(MEMBER);
  await dialog.getByPlaceholder("请输入密码").fill("demo123456");
  await dialog.getByPlaceholder("请输入验证码").fill("-9990");
  await dialog.getByRole("button", { name: "登录", exact: true }).click();

  // Back on the same order page, with what was typed.
  await expect(page).toHaveURL(orderPage);
  await expect(page.getByLabel("乘客 1")).toHaveValue("赵六");
  await expect(page.getByLabel("证件号码")).toHaveValue("11010519491231002X");
  await expect(page.getByLabel("联系人姓名")).toHaveValue("赵六");
  await expect(page.getByLabel("联系人手机")).toHaveValue("13900000001");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("tp.keptForm.")))).toEqual([]);
  // The 401 of the ended session is the server's answer, logged by the browser; nothing else failed.
  expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
});
