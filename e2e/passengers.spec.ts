// Frequent travellers in a real browser, in Chinese: the demo individual member adds a passenger
// with an ID card (birthday and sex fill in from the number), finds them by search, edits and
// deletes them after the confirmation.
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { idCardCheckChar } from "../src/domain/validators";

// 110105 1990-03-07, sequence 123 (odd: male), check character 9.
const ID_NO = "110105199003071239";

test("the individual member adds, finds, edits and deletes a passenger", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/myCenter/passengers");
  await expect(page).toHaveURL(/\/personnel\/passengers/);
  await expect(page.getByText("暂无常用旅客")).toBeVisible();

  await page.getByRole("button", { name: /新增旅客/ }).click();
  await expect(page.getByRole("heading", { name: "新增常用旅客" })).toBeVisible();
  // The form checks with the same rules as the server before anything is sent.
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("请填写中文姓名或英文姓名")).toBeVisible();

  await page.getByLabel("中文姓名").fill("王小明");
  await page.getByLabel("手机号").fill("13912345678");
  await page.getByLabel("证件号码").fill(ID_NO);
  await expect(page.getByLabel("出生日期")).toHaveValue("1990-03-07");
  await expect(page.getByLabel("出生日期")).toBeDisabled();
  await expect(page.getByRole("radio", { name: "男" })).toBeChecked();
  await expect(page.getByTestId("psg-type")).toHaveText("成人");
  await page.getByRole("button", { name: /保\s*存/ }).click();

  await expect(page).toHaveURL(/\/personnel\/passengers/);
  const rows = page.locator(".ant-table-tbody");
  await expect(rows.getByText("王小明")).toBeVisible();
  // Lists show numbers masked.
  await expect(rows.getByText("110105********1239")).toBeVisible();
  await expect(rows.getByText("139****5678")).toBeVisible();

  await page.getByPlaceholder("姓名/手机号/证件号").fill("1239");
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page.getByText("符合条件的旅客 1 位")).toBeVisible();
  await page.getByPlaceholder("姓名/手机号/证件号").fill("李");
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page.getByText("暂无符合条件的旅客")).toBeVisible();
  await page.getByRole("button", { name: /重\s*置/ }).click();
  await expect(rows.getByText("王小明")).toBeVisible();

  await rows.getByRole("button", { name: /编\s*辑/ }).click();
  await expect(page.getByRole("heading", { name: "编辑常用旅客" })).toBeVisible();
  // The owner sees the full number on the edit form.
  await expect(page.getByLabel("证件号码")).toHaveValue(ID_NO);
  await page.getByLabel("中文姓名").fill("王晓明");
  await page.getByLabel("英文姓").fill("wang");
  await page.getByLabel("英文名").fill("xiaoming");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/personnel\/passengers/);
  await expect(rows.getByText("王晓明")).toBeVisible();
  await expect(rows.getByText("WANG/XIAOMING")).toBeVisible();

  await rows.getByRole("button", { name: /删\s*除/ }).click();
  await expect(page.getByText("是否执行此操作！")).toBeVisible();
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await expect(page.getByText("暂无常用旅客")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a certificate number the member already holds is refused under its field", async ({ page }) => {
  await signIn(page, "13800000010");
  for (const name of ["赵一", "赵二"]) {
    await page.goto("/myCenter/edit_passengers");
    await page.getByLabel("中文姓名").fill(name);
    await page.getByTestId("cert-0").locator(".ant-select-selector").click();
    await page.locator(".ant-select-item-option[title='港澳通行证']").click();
    await page.getByLabel("证件号码").fill("C1234567");
    await page.getByRole("button", { name: /保\s*存/ }).click();
  }
  await expect(page.getByText("证件号码 C1****67 已属于其他旅客")).toBeVisible();
  await expect(page).toHaveURL(/edit_passengers/);
});

test("the company administrator adds an external traveller in the drawer; an employee sees the company's list", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/myCenter/external_passengers");
  await expect(page).toHaveURL(/\/personnel\/externalPersonnel/);
  await expect(page.getByText("暂无外部出行人")).toBeVisible();
  await page.getByRole("button", { name: /新增出行人/ }).click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("中文姓名").fill("客户甲");
  await drawer.getByLabel("证件号码").fill("C7654321");
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  // The first certificate is an ID card until another type is chosen.
  await expect(drawer.getByText("请输入正确的身份证号码")).toBeVisible();
  await drawer.getByLabel("证件号码").fill(ID_NO);
  await expect(drawer.getByLabel("出生日期")).toHaveValue("1990-03-07");
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("外部出行人已创建")).toBeVisible();
  await expect(page.locator(".ant-table-tbody").getByText("客户甲")).toBeVisible();
  expect(errors).toEqual([]);

  await page.getByRole("button", { name: "退出登录" }).click();
  await signIn(page, "13800000072");
  await page.goto("/personnel/externalPersonnel");
  await expect(page.locator(".ant-table-tbody").getByText("客户甲")).toBeVisible();
});

test("a member with the import right imports passengers from xlsx; the bad rows are named, the rest imported", async ({ page }) => {
  const errors = watchConsole(page);
  // The demo distributor (40) has pnrImport, which the import button needs.
  await signIn(page, "13800000040");
  await page.goto("/personnel/passengers");
  await page.getByRole("button", { name: /导入旅客/ }).click();
  await expect(page).toHaveURL(/import_passengers/);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("旅客");
  sheet.addRow(["中文姓名", "英文姓", "英文名", "手机号", "证件类型", "证件号码"]);
  for (let i = 0; i < 10; i++) {
    const first17 = `11010519900101${String(i).padStart(2, "0")}1`;
    sheet.addRow([`旅客${"甲乙丙丁戊己庚辛壬癸"[i]}`, "", "", "", "身份证", first17 + idCardCheckChar(first17)]);
  }
  sheet.getCell("F3").value = sheet.getCell("F2").value; // a number twice in the file
  sheet.getCell("E5").value = "驾驶证";
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await page.locator("input[type=file]").setInputFiles({ name: "旅客.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await expect(page.getByTestId("import-summary")).toHaveText("共 10 行：可导入 7 行，有错误 3 行");
  const table = page.locator(".ant-table-tbody");
  await expect(table.getByText("在文件中重复")).toHaveCount(2);
  await expect(table.getByText("请选择证件类型")).toBeVisible();
  // The bad rows are also listed together above the table, by row number.
  await expect(page.getByTestId("import-errors").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("import-errors")).toContainText("第 5 行：请选择证件类型");
  await page.getByRole("button", { name: "导入 7 行有效数据" }).click();
  await expect(page.getByText("已导入 7 位旅客")).toBeVisible();
  await expect(page.getByText("3 行有错误，未导入")).toBeVisible();
  await page.getByRole("button", { name: "查看旅客列表" }).click();
  await expect(page.getByText("共 7 位常用旅客")).toBeVisible();
  expect(errors).toEqual([]);
});
