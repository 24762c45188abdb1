// The company administrator in Chinese: edits the hotel city tiers from 差旅标准 (a city found by
// pinyin, a city already in another tier offered but not pickable), saves and finds it kept; and
// names an approver in a new approval flow by searching the staff on the server.
import { expect, test } from "./fixtures";
import { signedInAs } from "./helpers";

test("the administrator edits the hotel city tiers and searches staff for an approver", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, errors } = await signedInAs(browser, "13800000070");
  await page.goto("/travel/travelManage/standardSettings");
  await page.getByRole("button", { name: "城市等级" }).click();
  const drawer = page.getByRole("dialog", { name: "酒店城市等级" });
  await expect(drawer.getByText("一线城市（4 个城市）")).toBeVisible();

  // 杭州 stands in 二线城市, so 三线城市 offers it but not to pick.
  const tier3 = drawer.getByRole("combobox", { name: "三线城市" });
  await tier3.click();
  await page.keyboard.type("hangzhou");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option-disabled", { hasText: "杭州市（已在二线城市）" })).toBeVisible();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("xiamen");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "厦门市" }).click();
  await expect(drawer.getByText("三线城市（1 个城市）")).toBeVisible();
  // A multiple picker stays open after a pick; clicking beside it closes it.
  await drawer.getByText("差旅标准的酒店每晚限额按城市等级设置").click();
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await page.screenshot({ path: "test-results/city-tiers-1280.png", fullPage: true });
  await drawer.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("城市等级已保存")).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole("button", { name: "城市等级" }).click();
  await expect(drawer.getByText("三线城市（1 个城市）")).toBeVisible();
  await expect(drawer.locator(".ant-select-selection-item", { hasText: "厦门市" })).toBeVisible();
  // Back to the usual tiers, so other specs see the seeded ones.
  await drawer.locator(".ant-select-selection-item", { hasText: "厦门市" }).locator(".ant-select-selection-item-remove").click();
  await drawer.getByRole("button", { name: "保存" }).click();
  // The first save's notice may still be showing beside this one.
  await expect(page.getByText("城市等级已保存").last()).toBeVisible();

  // Approvers are searched among the staff on the server as the name is typed.
  await page.goto("/travel/travelManage/editProcessSettings");
  const approvers = page.getByRole("combobox", { name: "审批人" }).first();
  await approvers.click();
  await page.keyboard.type("黄");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "黄磊" })).toBeVisible();
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "杨帆" })).toHaveCount(0);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "黄磊" }).click();
  await expect(page.getByTestId("level-1").locator(".ant-select-selection-item", { hasText: "黄磊" })).toBeVisible();
  expect(errors).toEqual([]);
});
