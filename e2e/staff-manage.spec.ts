// The company administrator manages the staff in a real browser, in Chinese: adds an employee
// (department from the tree, trip level with its controls), edits, disables and deletes one, and
// imports 50 employees from an xlsx with 3 bad rows (each named by row and field), 47 imported;
// a workbook past the import's limits is refused with the limit named.
// What it adds is deleted again at the end, so the other specs see the demo staff.
import ExcelJS from "exceljs";
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { idCardCheckChar } from "../src/domain/validators";
import { sharedStringsXml, sheetXml, workbookParts, zipArchive } from "../tests/server/xlsx-archive";

const SHOTS = "test-results";
const ID = "11010519900307123" + idCardCheckChar("11010519900307123");
const btn = (text: string) => new RegExp(text.split("").join("\\s*"));
/** An antd select in a form, by its field's label. */
const selectOf = (scope: ReturnType<Page["getByRole"]>, label: string) =>
  scope.locator(".ant-form-item").filter({ has: scope.page().locator("label", { hasText: new RegExp(`^${label}$`) }) }).locator(".ant-select-selector");

async function api(page: Page, path: string, form: Record<string, string | number> = {}) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return (await (await page.request.post(`/api${path}`, { form: { token: token!, ...form } })).json()) as { ret: number; data: any };
}

/** Answers the one open confirmation (是否执行此操作！ and the like) with 确定, and waits for it to go:
 *  a second confirmation opened while the first still fades out must not find the old one. */
async function confirmIt(page: Page) {
  const pop = page.locator(".ant-popover:visible").filter({ has: page.getByRole("button", { name: btn("确定") }) }).last();
  await expect(pop).toBeVisible();
  await pop.getByRole("button", { name: btn("确定") }).click();
  await expect(page.locator(".ant-popover:visible")).toHaveCount(0);
}

/** Deletes the employees whose mobile starts with 1396666 (this spec's). */
async function cleanUp(page: Page) {
  for (;;) {
    const list = await api(page, "/credit/employee/list", { keyword: "1396666", pageSize: 100 });
    if (!list.data?.list?.length) return;
    for (const e of list.data.list) await api(page, "/credit/employee/delete", { id: e.id });
  }
}

// Each test starts from the demo staff, whatever a failed one before it left behind.
test.afterEach(async ({ page }) => {
  if (await page.evaluate(() => localStorage.getItem("token")).catch(() => null)) await cleanUp(page);
});

test("the company administrator adds, edits, disables and deletes an employee", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/personnel/enterpriseStall");
  await expect(page.getByText("全部员工（4）")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-list.png`, fullPage: true });

  // Add.
  await page.getByRole("button", { name: btn("添加员工") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("添加员工")).toBeVisible();
  await dialog.getByRole("button", { name: btn("保存") }).click();
  await expect(dialog.getByText("请输入员工姓名")).toBeVisible();
  await expect(dialog.getByText("请输入手机号码")).toBeVisible();
  await dialog.getByLabel("姓名").fill("测试员工甲");
  await dialog.getByLabel("手机号").fill("13966660001");
  await dialog.getByLabel("邮箱").fill("jia@example.com");
  await selectOf(dialog, "部门").click();
  await page.locator(".ant-select-tree-node-content-wrapper", { hasText: "研发部" }).click();
  await dialog.getByLabel("职位").fill("工程师");
  await selectOf(dialog, "差旅级别").click();
  await page.locator(".ant-select-item-option", { hasText: "管理层" }).click();
  await expect(dialog.getByTestId("trip-flags")).toContainText("需审批");
  await dialog.getByRole("button", { name: /添加证件/ }).click();
  await dialog.getByRole("combobox", { name: "证件类型" }).click();
  await page.locator(".ant-select-item-option", { hasText: /^身份证$/ }).click();
  await dialog.getByLabel("证件号码").fill(ID);
  await page.screenshot({ path: `${SHOTS}/staff-form.png` });
  await dialog.getByRole("button", { name: btn("保存") }).click();
  await expect(dialog).toBeHidden();
  const rows = page.locator(".ant-table-tbody");
  const row = rows.locator("tr", { hasText: "测试员工甲" });
  await expect(row).toContainText("139****0001");
  await expect(row).toContainText("研发部");
  await expect(row).toContainText(`110105********${ID.slice(-4)}`);
  await expect(row).not.toContainText("13966660001");
  await expect(page.getByText("全部员工（5）")).toBeVisible();

  // Edit: the form shows the whole number.
  await row.getByRole("button", { name: btn("编辑") }).click();
  await expect(dialog.getByLabel("手机号")).toHaveValue("13966660001");
  await dialog.getByLabel("职位").fill("产品经理");
  await dialog.getByRole("button", { name: btn("保存") }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("产品经理");

  // Disable, with the confirmation.
  await row.getByRole("button", { name: btn("停用") }).click();
  await expect(page.getByText("是否执行此操作！")).toBeVisible();
  await confirmIt(page);
  await expect(row).toContainText("已停用");
  await expect(row.getByRole("button", { name: btn("启用") })).toBeVisible();

  // Delete, with the confirmation.
  await row.getByRole("button", { name: btn("删除") }).click();
  await confirmIt(page);
  await expect(rows.getByText("测试员工甲")).toHaveCount(0);
  await expect(page.getByText("全部员工（4）")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the company administrator imports 50 employees with 3 bad rows: the errors are named, 47 imported", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/personnel/enterpriseStall");
  await page.getByRole("button", { name: btn("导入员工") }).click();
  await expect(page).toHaveURL(/import_employees/);

  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("员工");
  sheet.addRow(["姓名", "手机号", "邮箱", "部门", "职位", "员工级别", "差旅级别", "审批权限"]);
  for (let i = 0; i < 50; i++) sheet.addRow([`导入员工${i + 1}`, `139666610${String(i).padStart(2, "0")}`, "", i % 2 ? "研发部" : "市场部", "", "员工", "普通员工", "否"]);
  sheet.getCell("A6").value = ""; // row 6: no name
  sheet.getCell("B12").value = "1396666"; // row 12: a short mobile
  sheet.getCell("B20").value = "13800000071"; // row 20: already an employee
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await page.locator("input[type=file]").setInputFiles({ name: "员工.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await expect(page.getByTestId("import-summary")).toHaveText("共 50 行：可导入 47 行，有错误 3 行");
  const list = page.getByTestId("import-errors");
  await expect(list.locator("li")).toHaveText([
    "第 6 行：姓名：请输入员工姓名",
    "第 12 行：手机号：请输入正确的手机号码",
    "第 20 行：手机号：138****0071 已是本企业员工",
  ]);
  await page.screenshot({ path: `${SHOTS}/staff-import-preview.png`, fullPage: true });
  await page.getByRole("button", { name: "导入 47 行有效数据" }).click();
  await expect(page.getByText("已导入 47 名员工")).toBeVisible();
  await expect(page.getByText("3 行有错误，未导入")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-import-report.png`, fullPage: true });
  await page.getByRole("button", { name: "查看员工列表" }).click();
  await expect(page.getByText("全部员工（51）")).toBeVisible();
  await expect(page.getByText("共 51 人")).toBeVisible();
  expect(errors).toEqual([]);
  await cleanUp(page);
});

test("a workbook of 150,000 shared strings is refused with the limit named, and nothing is imported", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/personnel/enterpriseStall");
  await page.getByRole("button", { name: btn("导入员工") }).click();
  await expect(page).toHaveURL(/import_employees/);
  const header = ["姓名", "手机号", "邮箱", "部门", "职位", "员工级别", "差旅级别", "审批权限"];
  const buffer = zipArchive(workbookParts({ name: "", data: sheetXml([header]) }, { name: "", data: sharedStringsXml(150_000) }));
  await page.locator("input[type=file]").setInputFiles({ name: "炸弹.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await expect(page.getByText("文件中的文本超过 100000 条的上限，请只保留模板中的数据后重新上传")).toBeVisible();
  await expect(page.getByTestId("import-summary")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/staff-import-refused.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("departments: add a sub-department, move it, and deleting one with people is refused", async ({ page }) => {
  await signIn(page, "13800000070");
  await page.goto("/personnel/enterpriseStall");
  await page.getByRole("button", { name: btn("添加部门") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("部门名称").fill("测试组");
  await selectOf(dialog, "上级部门").click();
  await page.locator(".ant-select-tree-node-content-wrapper", { hasText: "研发部" }).click();
  await dialog.getByRole("button", { name: btn("保存") }).click();
  await expect(dialog).toBeHidden();
  const node = page.locator(".ant-tree-treenode", { hasText: "测试组（0人）" });
  await expect(node).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-tree.png` });
  // 研发部 has people: deleting it is refused with the reason.
  const dev = page.locator(".ant-tree-treenode", { hasText: /^研发部/ }).first();
  await dev.hover();
  await dev.getByRole("button", { name: "删除部门 研发部" }).click();
  await confirmIt(page);
  await expect(page.getByText("部门“研发部”下还有 2 名员工，请先将员工调到其他部门再删除")).toBeVisible();
  // The new one goes.
  await node.hover();
  await node.getByRole("button", { name: "删除部门 测试组" }).click();
  await confirmIt(page);
  await expect(node).toHaveCount(0);
});
