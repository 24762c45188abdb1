// 报销凭证 in a real browser on the demo company's history: the administrator asks for an
// electronic invoice over one paid order (a bad email is refused under its field first), sees the
// amount of the chosen order, finds the request listed as 待开票 with that amount, and withdraws it
// after 是否执行此操作！.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

const fen = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, "")) * 100);

// A fresh server generates its sales window's inventory right after it starts; on a busy
// machine the first lists wait behind it.
test.setTimeout(480_000);
const FIRST_LOAD = { timeout: 120_000 };

test("报销凭证：选择已支付订单申请电子发票，金额为订单合计，待开票时可撤销", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "13800000070");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const saved = await page.request.post("/api/member/invoiceTitle/save", { form: { token: token!, titleType: "1", title: "张总报销", isDefault: "1" } });
  expect((await saved.json()).ret).toBe(0);
  const orders = (await (await page.request.post("/api/invoice/orders", { form: { token: token! } })).json()).data.list as { orderNo: string; totalFen: number }[];
  expect(orders.length).toBeGreaterThan(0);

  await page.goto("/myCenter/expense_proof");
  await expect(page.getByText("暂无发票申请")).toBeVisible(FIRST_LOAD);
  await page.getByRole("button", { name: "申请开票" }).click();
  const drawer = page.locator(".ant-drawer-content");
  const row = drawer.locator("tr", { hasText: orders[0].orderNo });
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.locator(".ant-checkbox-input").check();
  expect(fen(await drawer.locator(".ant-statistic-content").innerText())).toBe(orders[0].totalFen);
  await expect(drawer.getByRole("combobox", { name: "发票抬头" })).toBeVisible();
  await expect(drawer.getByText("张总报销")).toBeVisible();
  await page.screenshot({ path: "test-results/invoices-drawer.png" });

  await drawer.getByLabel("接收邮箱").fill("zhang@");
  await drawer.getByRole("button", { name: "提交申请" }).click();
  await expect(drawer.getByText("请输入正确的邮箱")).toBeVisible();
  await drawer.getByLabel("接收邮箱").fill("zhang@example.com");
  await drawer.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByText("发票申请已提交")).toBeVisible();

  await expect(drawer).toBeHidden();
  const listed = page.locator(".tp-frame__card .ant-table-row", { hasText: orders[0].orderNo });
  await expect(listed).toContainText("待开票");
  expect(fen((await listed.locator("td").nth(3).innerText()))).toBe(orders[0].totalFen);
  await page.screenshot({ path: "test-results/invoices-list.png", fullPage: true });

  await listed.getByRole("button", { name: "撤销" }).click();
  await expect(page.getByText("是否执行此操作！")).toBeVisible();
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await expect(listed).toContainText("已撤销");
  await expect(listed.getByRole("button", { name: "撤销" })).toHaveCount(0);
  expect(errors).toEqual([]);
});
