// Traveller imports from xlsx: the template, a preview naming each bad row's errors (form rules,
// numbers repeated in the file or already held), and the import of the valid rows in one
// transaction. SQLite and (DATABASE_URL) PostgreSQL.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
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
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
// Importing needs pnrImport=1 (menu items 38 and 40): the demo distributor (40) has it.
const ME = "13800000040";
const idNo = (birth: string, seq: string) => `110105${birth}${seq}` + idCardCheckChar(`110105${birth}${seq}`);
const count = async () => Number((await db().selectFrom("travellers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

/** The downloaded template with these rows filled in, base64. */
async function fileOf(template: string, rows: (string | Date)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(template, "base64") as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  rows.forEach((r, i) => r.forEach((v, j) => (sheet.getCell(i + 2, j + 1).value = v)));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
}

let template = "";
const STORED = idNo("19800101", "111");
beforeAll(async () => {
  h = await startHarness();
  const added = await as(ME, "/new_beneficiary/add", { name: "老王", "certificates.0.certType": 1, "certificates.0.certNo": STORED });
  expect(added.ret).toBe(0);
});
afterAll(async () => h?.close());

describe("passenger import", () => {
  it("refuses members without the import right (no pnrImport, or type 70) and guests", async () => {
    expect(await as("13800000010", "/new_beneficiary/import/template")).toMatchObject({ ret: 403 });
    expect(await as("13800000070", "/new_beneficiary/import/template")).toMatchObject({ ret: 403 });
    expect((await post(h.app, "/new_beneficiary/import/preview")).body).toMatchObject({ ret: 401 });
  });

  it("hands out the template as xlsx with the columns and a sheet of instructions", async () => {
    const r = await as(ME, "/new_beneficiary/import/template");
    expect(r.data.fileName).toBe("常用旅客导入模板.xlsx");
    template = r.data.contentBase64;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(template, "base64") as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["旅客", "填写说明"]);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, "中文姓名", "英文姓", "英文名", "手机号", "证件类型", "证件号码", "证件有效期", "签发国家", "出生日期", "性别", "备注"]);
  });

  const GOOD = idNo("19900307", "123");
  const TWICE = idNo("19910101", "222");
  let file = "";
  it("previews every row with its errors, writing nothing", async () => {
    file = await fileOf(template, [
      ["张三", "", "", "13912345678", "身份证", GOOD],
      ["李四", "LI", "SI", "", "护照", "E12345678", new Date(Date.UTC(2035, 0, 31)), "中国"],
      ["王五", "", "", "", "身份证", GOOD.slice(0, 17) + (GOOD[17] === "0" ? "1" : "0")],
      ["赵六", "", "", "", "身份证", TWICE],
      ["钱七", "", "", "", "1", TWICE.toLowerCase()],
      ["孙八", "", "", "", "身份证", STORED],
      ["周九", "", "", "", "护照", "E7654321"],
      ["", "", "", "", "港澳通行证", "C1234567"],
      ["吴十", "", "", "", "驾驶证", "X1"],
    ]);
    const before = await count();
    const r = await as(ME, "/new_beneficiary/import/preview", { file });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ valid: 2, invalid: 7 });
    const errorsOf = (row: number) => r.data.rows.find((x: { row: number }) => x.row === row).errors;
    expect(errorsOf(2)).toEqual([]);
    expect(r.data.rows[0]).toMatchObject({ name: "张三", certType: "身份证", certNo: `110105********${GOOD.slice(-4)}` });
    expect(errorsOf(3)).toEqual([]);
    expect(errorsOf(4)).toEqual(["请输入正确的身份证号码"]);
    expect(errorsOf(5)).toEqual([`证件号码 110105********${TWICE.slice(-4)} 在文件中重复`]);
    expect(errorsOf(6)).toEqual([`证件号码 110105********${TWICE.slice(-4)} 在文件中重复`]);
    expect(errorsOf(7)).toEqual([`证件号码 110105********${STORED.slice(-4)} 已属于其他旅客`]);
    expect(errorsOf(8)).toEqual(expect.arrayContaining(["请填写护照签发国家", "请填写护照有效期"]));
    expect(errorsOf(9)).toEqual(["请填写中文姓名或英文姓名"]);
    expect(errorsOf(10)).toEqual(["请选择证件类型"]);
    expect(await count()).toBe(before);
  });

  it("imports the valid rows and reports the rest", async () => {
    const before = await count();
    const r = await as(ME, "/new_beneficiary/import/commit", { file });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ imported: 2, valid: 2, invalid: 7 });
    expect(await count()).toBe(before + 2);
    const list = await as(ME, "/new_beneficiary/list", { keyword: "李四" });
    expect(list.data.list[0]).toMatchObject({ surname: "LI", certificates: [{ certType: 2, expiry: "2035-01-31", issueCountry: "中国" }] });
  });

  it("the same file again has nothing to import and writes nothing", async () => {
    const before = await count();
    expect(await as(ME, "/new_beneficiary/import/commit", { file })).toMatchObject({ ret: 400, msg: "文件中没有可导入的旅客" });
    expect(await count()).toBe(before);
  });

  it("refuses what is not an xlsx, an empty sheet and text that is not base64", async () => {
    expect(await as(ME, "/new_beneficiary/import/preview", { file: Buffer.from("hello").toString("base64") })).toMatchObject({ ret: 400, msg: "无法读取文件，请使用下载的模板（.xlsx）" });
    expect(await as(ME, "/new_beneficiary/import/preview", { file: template })).toMatchObject({ ret: 400, msg: "文件中没有旅客数据" });
    expect(await as(ME, "/new_beneficiary/import/preview", { file: "not base64!" })).toMatchObject({ ret: 400 });
  });
});

describe("external traveller import", () => {
  it("imports into the company's list, for an employee with the import right", async () => {
    expect(await as("13800000072", "/credit/external_passenger/import/template")).toMatchObject({ ret: 403 });
    await db().updateTable("members").set({ pnrImport: 1 }).where("mobilePhone", "=", "13800000072").execute();
    const t = await as("13800000072", "/credit/external_passenger/import/template");
    expect(t.data.fileName).toBe("外部出行人导入模板.xlsx");
    const file = await fileOf(t.data.contentBase64, [["客户甲", "", "", "", "港澳通行证", "C7777777"]]);
    expect((await as("13800000072", "/credit/external_passenger/import/commit", { file })).data.imported).toBe(1);
    expect((await as("13800000070", "/credit/external_passenger/list")).data.total).toBe(1);
    expect(await as(ME, "/credit/external_passenger/import/commit", { file })).toMatchObject({ ret: 403 });
  });
});
