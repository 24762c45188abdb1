// The company's policy set up in the browser, in Chinese: the administrator 13800000070 sets a
// level's travel standard and a two-level flow for 黄磊 (the department head, then the
// administrator); 黄磊 13800000073 applies for a trip under it; the department head 13800000071
// approves; the administrator rejects with a comment; 黄磊 sees 已驳回 and the comment. The flow
// and the standard's change are undone at the end, so other specs meet the seeded policy.
import { expect, test, type Page } from "./fixtures";
import { signedInAs } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";

async function setMaxPrice(page: Page, level: string, price: string) {
  await page.goto("/travel/travelManage/standardSettings");
  await page.getByRole("row", { name: new RegExp(level) }).getByRole("link", { name: "编辑" }).click();
  await page.getByLabel("最高票价（元）").fill(price);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("差旅标准已保存")).toBeVisible();
}

test("a flow the administrator sets up sends 黄磊's trip to the department head and the administrator, who rejects it with a comment", async ({ browser }) => {
  test.setTimeout(480_000);
  const flowName = "黄磊出差审批（e2e）";
  const purpose = "赴深圳参加行业展会";
  const admin = await signedInAs(browser, "13800000070");

  // A standard: a price cap for the 合作方差旅 level.
  await setMaxPrice(admin.page, "合作方差旅", "1800");
  await expect(admin.page.getByRole("row", { name: /合作方差旅/ })).toContainText("¥1800 以内");

  // A two-level flow that names 黄磊, found by searching the staff.
  await admin.page.goto("/travel/travelManage/editProcessSettings");
  await admin.page.getByLabel("流程名称").fill(flowName);
  await admin.page.getByText("出差申请", { exact: true }).click();
  await admin.page.getByText("指定部门或员工", { exact: true }).click();
  await admin.page.getByRole("combobox", { name: "适用员工" }).click();
  await admin.page.keyboard.type("黄");
  await admin.page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "黄磊" }).click();
  await admin.page.getByLabel("流程名称").click();
  // The new flow starts with the department head as level 1; level 2 is the administrator.
  await expect(admin.page.getByTestId("level-1").locator(".ant-select-selection-item", { hasText: "部门主管" })).toBeVisible();
  await admin.page.getByRole("button", { name: /添加一级审批/ }).click();
  await admin.page.getByTestId("level-2").getByRole("combobox", { name: "审批人" }).click();
  await admin.page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "企业管理员" }).click();
  await admin.page.getByLabel("流程名称").click();
  await admin.page.getByRole("button", { name: "保存" }).click();
  await expect(admin.page.getByText("审批流程已保存")).toBeVisible();
  await expect(admin.page.getByRole("row", { name: new RegExp(flowName.replace(/[()（）]/g, ".")) })).toBeVisible();

  // 黄磊 applies: the form names the new flow.
  const traveller = await signedInAs(browser, "13800000073");
  const page = traveller.page;
  await page.goto("/travel/application/add");
  await expect(page.getByTestId("flow-note")).toContainText(flowName);
  const start = addDays(chinaDate(Date.now()), 15);
  await page.getByLabel("出差事由").fill(purpose);
  await page.getByPlaceholder("出发日期").click();
  await page.getByPlaceholder("出发日期").fill(start);
  await page.getByPlaceholder("出发日期").press("Enter");
  await page.getByPlaceholder("返回日期").fill(addDays(start, 2));
  await page.getByPlaceholder("返回日期").press("Enter");
  await page.getByLabel("出发城市").fill("北京");
  await page.getByRole("combobox", { name: "目的地城市" }).fill("深圳");
  await page.getByRole("combobox", { name: "目的地城市" }).press("Enter");
  await page.getByLabel("预算（元）").fill("6200");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page).toHaveURL(/\/travel\/apply\/details\?id=\d+$/);
  const detailUrl = page.url();
  await expect(page.getByTestId("application-status")).toHaveText("审批中");

  // Level 1: the department head approves.
  const head = await signedInAs(browser, "13800000071");
  await head.page.goto("/travel/audit");
  await head.page.getByTestId("audit-todo").getByRole("row", { name: /黄磊/ }).filter({ hasText: "深圳" }).getByRole("link", { name: "审批" }).click();
  await expect(head.page.getByTestId("application-summary")).toContainText(purpose);
  await head.page.getByLabel("审批意见").fill("同意参展");
  await head.page.getByRole("button", { name: "同意" }).click();
  await expect(head.page.getByText("已同意", { exact: true })).toBeVisible();

  // Level 2: the administrator rejects with a comment.
  await admin.page.goto("/travel/audit");
  await admin.page.getByTestId("audit-todo").getByRole("row", { name: /黄磊/ }).filter({ hasText: "深圳" }).getByRole("link", { name: "审批" }).click();
  await expect(admin.page.getByTestId("application-summary")).toContainText(purpose);
  await admin.page.getByLabel("审批意见").fill("本季度展会预算已用完");
  await admin.page.getByRole("button", { name: "驳回" }).click();
  await expect(admin.page.getByTestId("approval-status")).toHaveText("已驳回");

  // 黄磊 sees the rejection and why.
  await page.goto(detailUrl);
  await expect(page.getByTestId("application-status")).toHaveText("已驳回");
  await expect(page.getByTestId("approval-history")).toContainText("意见：本季度展会预算已用完");
  await expect(page.getByTestId("approval-history")).toContainText("意见：同意参展");
  await page.screenshot({ path: "test-results/policy-rejected-1280.png", fullPage: true });

  // Undo: the flow goes (after the confirmation), the cap is emptied again.
  await admin.page.goto("/travel/travelManage/processSettings");
  const row = admin.page.getByRole("row", { name: /黄磊出差审批/ });
  await row.getByRole("button", { name: "删除" }).click();
  await admin.page.getByRole("button", { name: "确定删除" }).click();
  await expect(admin.page.getByText("审批流程已删除")).toBeVisible();
  await setMaxPrice(admin.page, "合作方差旅", "");
  for (const who of [admin, traveller, head]) expect(who.errors).toEqual([]);
});
