// Employee import from xlsx (import_employees): the template with the company's names to pick
// from, a preview naming each bad row's field and message (form rules, mobiles repeated in the
// file, already employees or someone else's account), and the valid rows imported all at once,
// each with their 7_0 sign-in. SQLite and (DATABASE_URL) PostgreSQL.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { memberTypeKey } from "../../src/domain/member";
import { idCardCheckChar } from "../../src/domain/validators";

let h: Harness;
const db = () => h.db.db;
const tokens: Record<string, string> = {};
async function tokenOf(mobile: string): Promise<string> {
  if (!tokens[mobile]) {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
    tokens[mobile] = await createSession(db(), m.id);
  }
  return tokens[mobile];
}
const ADMIN = "13800000070";
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const admin = (url: string, body: Record<string, string | number> = {}) => as(ADMIN, url, body);
const idNo = (birth: string, seq: string) => `110105${birth}${seq}` + idCardCheckChar(`110105${birth}${seq}`);
const employees = async () => Number((await db().selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);
const members = async () => Number((await db().selectFrom("members").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

async function fileOf(template: string, rows: (string | Date)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(template, "base64") as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  rows.forEach((r, i) => r.forEach((v, j) => (sheet.getCell(i + 2, j + 1).value = v)));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
}

let template = "";
beforeAll(async () => {
  h = await startHarness();
  expect((await admin("/credit/department/add", { name: "前端组", parentId: 2 })).ret).toBe(0);
});
afterAll(async () => h?.close());

describe("employee import", () => {
  it("is the company admin's only (item 39)", async () => {
    for (const mobile of ["13800000071", "13800000010", "13800000040"]) expect(await as(mobile, "/credit/employee/import/template"), mobile).toMatchObject({ ret: 403 });
    expect((await post(h.app, "/credit/employee/import/preview")).body).toMatchObject({ ret: 401 });
  });

  it("hands out the template with the columns, the company's names and a sheet of instructions", async () => {
    const r = await admin("/credit/employee/import/template");
    expect(r.data.fileName).toBe("员工导入模板.xlsx");
    template = r.data.contentBase64;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(template, "base64") as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["员工", "填写说明"]);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, "姓名", "手机号", "邮箱", "部门", "职位", "员工级别", "差旅级别", "审批权限", "证件类型", "证件号码", "证件有效期", "签发国家"]);
    const help = JSON.stringify(wb.worksheets[1].getSheetValues());
    expect(help).toContain("研发部/前端组");
    expect(help).toContain("管理层");
  });

  let file = "";
  const ID = idNo("19900307", "123");
  it("previews every row with each error named by row and field, writing nothing", async () => {
    file = await fileOf(template, [
      ["吴一", "13822220001", "wu1@example.com", "研发部", "工程师", "员工", "管理层", "是", "身份证", ID],
      ["吴二", "13822220002", "", "研发部/前端组", "", "", "普通员工", "否"],
      ["吴三", "13822220003", "", "前端组"],
      ["", "1382222", "bad-mail"],
      ["吴五", "13822220005", "", "不存在部", "", "", "无此级别", "也许"],
      ["吴六", "13822220006"],
      ["吴七", "13822220006"],
      ["吴八", "13800000071"],
      ["吴九", "13800000010"],
      ["吴十", "13822220010", "", "", "", "", "", "", "护照", "E1234567"],
    ]);
    const before = [await employees(), await members()];
    const r = await admin("/credit/employee/import/preview", { file });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ valid: 3, invalid: 7 });
    const errorsOf = (row: number) => r.data.rows.find((x: { row: number }) => x.row === row).errors;
    expect(r.data.rows[0]).toMatchObject({ row: 2, realName: "吴一", mobilePhone: "138****0001", department: "研发部", errors: [] });
    expect(errorsOf(3)).toEqual([]);
    expect(errorsOf(4)).toEqual([]);
    expect(errorsOf(5)).toEqual(["姓名：请输入员工姓名", "手机号：请输入正确的手机号码", "邮箱：请输入正确的邮箱地址"]);
    expect(errorsOf(6)).toEqual(["部门：未找到部门“不存在部”", "差旅级别：未找到差旅级别“无此级别”", "审批权限：只能填写“是”或“否”"]);
    expect(errorsOf(7)).toEqual(["手机号：138****0006 在文件中重复"]);
    expect(errorsOf(8)).toEqual(["手机号：138****0006 在文件中重复"]);
    expect(errorsOf(9)).toEqual(["手机号：138****0071 已是本企业员工"]);
    expect(errorsOf(10)).toEqual(["手机号：138****0010 已注册为其他会员，无法开通企业登录"]);
    expect(errorsOf(11)).toEqual(expect.arrayContaining(["签发国家：请填写护照签发国家", "证件有效期：请填写护照有效期"]));
    expect(JSON.stringify(r.data)).not.toContain("13822220001");
    expect([await employees(), await members()]).toEqual(before);
  });

  it("imports the valid rows, active and with their sign-in, and reports the rest", async () => {
    const before = [await employees(), await members()];
    const r = await admin("/credit/employee/import/commit", { file });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ imported: 3, valid: 3, invalid: 7 });
    expect([await employees(), await members()]).toEqual([before[0] + 3, before[1] + 3]);
    const list = await admin("/credit/employee/list", { keyword: "吴" , orderBy: "realName", orderType: "asc" });
    expect(list.data.total).toBe(3);
    const wu1 = list.data.list.find((e: { realName: string }) => e.realName === "吴一");
    expect(wu1).toMatchObject({ mobilePhone: "138****0001", departmentName: "研发部", tripLevelName: "管理层", canAudit: 1, status: 1, position: "工程师" });
    expect(wu1.certNos).toHaveLength(1);
    const detail = await admin("/credit/employee/detail", { id: wu1.id });
    expect(detail.data).toMatchObject({ email: "wu1@example.com", certificates: [{ certType: 1, certNo: ID }] });
    const wu3 = list.data.list.find((e: { realName: string }) => e.realName === "吴三");
    expect(wu3.departmentName).toBe("前端组");
    const m = await db().selectFrom("members").selectAll().where("mobilePhone", "=", "13822220001").executeTakeFirstOrThrow();
    expect(memberTypeKey(m)).toBe("7_0");
    expect(m).toMatchObject({ status: 1, creditEmployeeId: wu1.id, realName: "吴一" });
    expect(detail.data.memberId).toBe(m.id);
  });

  it("the same file again has nothing to import and writes nothing", async () => {
    const before = await employees();
    expect(await admin("/credit/employee/import/commit", { file })).toMatchObject({ ret: 400, msg: "文件中没有可导入的员工" });
    expect(await employees()).toBe(before);
  });

  it("refuses what is not an xlsx, an empty sheet and text that is not base64", async () => {
    expect(await admin("/credit/employee/import/preview", { file: Buffer.from("hello").toString("base64") })).toMatchObject({ ret: 400, msg: "无法读取文件，请使用下载的模板（.xlsx）" });
    expect(await admin("/credit/employee/import/preview", { file: template })).toMatchObject({ ret: 400, msg: "文件中没有员工数据" });
    expect(await admin("/credit/employee/import/preview", { file: "not base64!" })).toMatchObject({ ret: 400 });
  });

  it("imports 5,000 employees from one file in one go", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`批量${i}`, `137${String(i).padStart(8, "0")}`, "", "市场部", "", "员工", "普通员工", "否"]);
    const big = await fileOf(template, rows);
    const before = await employees();
    const r = await admin("/credit/employee/import/commit", { file: big });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.imported).toBe(5000);
    expect(await employees()).toBe(before + 5000);
    // Every new employee has its own sign-in.
    const unlinked = await db().selectFrom("employees").select("id").where("mobilePhone", "like", "137%").where("memberId", "is", null).execute();
    expect(unlinked).toEqual([]);
  }, 60_000);
});
