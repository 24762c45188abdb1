// A member's mailing addresses (/postaddress/...) and invoice titles (/member/invoiceTitle/...):
// create, read, update, delete, paging, search and sorting, the one default, each validation
// failure writing nothing, and another member refused. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { usccCheckChar } from "../../src/domain/people/invoice-title";

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
type Body = Record<string, string | number>;
const as = async (mobile: string, url: string, body: Body = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const ME = "13800000010";
const OTHER = "13800000070";
const count = async (table: "addresses" | "invoice_titles") => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const address = (extra: Body = {}): Body => ({
  receiver: "李明", mobilePhone: "13800000010", provinceCode: "11", cityCode: "1101", districtCode: "110105", detail: "建国路88号", postcode: "100022", ...extra,
});

describe("/postaddress", () => {
  let first = 0;
  it("answers 401 to guests", async () => {
    expect((await post(h.app, "/postaddress/list")).body).toMatchObject({ ret: 401 });
  });

  it("adds with the division names, the first as default", async () => {
    const r = await as(ME, "/postaddress/add", address({ isDefault: 1 }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ provinceName: "北京市", cityName: "市辖区", districtName: "朝阳区", postcode: "100022", isDefault: 1, mobilePhone: "13800000010" });
    first = r.data.id;
    const second = await as(ME, "/postaddress/add", address({ receiver: "王芳", provinceCode: "31", cityCode: "3101", districtCode: "310115", detail: "世纪大道1号", postcode: "", isDefault: 1 }));
    expect(second.data).toMatchObject({ districtName: "浦东新区", postcode: null, isDefault: 1 });
    expect((await as(ME, "/postaddress/detail", { id: first })).data.isDefault).toBe(0);
  });

  it.each([
    ["a district outside its city", address({ districtCode: "310115" }), "districtCode", "请选择所在地区"],
    ["no receiver", address({ receiver: " " }), "receiver", "请填写收件人"],
    ["a bad mobile", address({ mobilePhone: "1380000001" }), "mobilePhone", "请输入正确的手机号码"],
    ["a bad postcode", address({ postcode: "1000" }), "postcode", "邮政编码为6位数字"],
    ["no detail", address({ detail: "" }), "detail", "请填写详细地址"],
  ])("refuses %s, writing nothing", async (_, body, field, message) => {
    const before = await count("addresses");
    const r = await as(ME, "/postaddress/add", body);
    expect(r).toMatchObject({ ret: 400 });
    expect(r.data.errors[field]).toBe(message);
    expect(await count("addresses")).toBe(before);
  });

  it("lists masked, default first, searches and sorts and pages", async () => {
    const all = await as(ME, "/postaddress/list");
    expect(all.data).toMatchObject({ total: 2 });
    expect(all.data.list[0]).toMatchObject({ receiver: "王芳", isDefault: 1, mobilePhone: "138****0010" });
    expect((await as(ME, "/postaddress/list", { keyword: "建国路" })).data.list.map((a: { id: number }) => a.id)).toEqual([first]);
    expect((await as(ME, "/postaddress/list", { keyword: "浦东" })).data.total).toBe(1);
    const page2 = await as(ME, "/postaddress/list", { orderBy: "createTime", orderType: "asc", pageSize: 1, pageNum: 2 });
    expect(page2.data.list[0].receiver).toBe("王芳");
    expect((await as(OTHER, "/postaddress/list")).data.total).toBe(0);
  });

  it("updates and refuses another member's address", async () => {
    const r = await as(ME, "/postaddress/update", address({ id: first, detail: "建国路99号" }));
    expect(r.data.detail).toBe("建国路99号");
    for (const [url, body] of [["/postaddress/detail", { id: first }], ["/postaddress/update", address({ id: first })], ["/postaddress/delete", { id: first }]] as const) {
      expect(await as(OTHER, url, body), url).toMatchObject({ ret: 403, msg: "无权查看或操作该地址" });
    }
    expect(await as(ME, "/postaddress/detail", { id: 99999 })).toMatchObject({ ret: 404 });
  });

  it("deletes", async () => {
    expect((await as(ME, "/postaddress/delete", { id: first })).ret).toBe(0);
    expect((await as(ME, "/postaddress/list")).data.total).toBe(1);
  });
});

describe("/member/invoiceTitle", () => {
  const TAX = "91110000600037341" + usccCheckChar("91110000600037341");
  let company = 0;

  it("saves a company title with a valid unified social credit code", async () => {
    const r = await as(ME, "/member/invoiceTitle/save", {
      titleType: 2, title: "华信科技有限公司", taxNo: TAX.toLowerCase(), address: "北京市朝阳区建国路88号", phone: "010-12345678", bankName: "工商银行", bankAccount: "6222020200112233", isDefault: 1,
    });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ titleType: 2, taxNo: TAX, isDefault: 1 });
    company = r.data.id;
  });

  it("drops company details from a personal title", async () => {
    const r = await as(ME, "/member/invoiceTitle/save", { titleType: 1, title: "李明", taxNo: "whatever", isDefault: 1 });
    expect(r.data).toMatchObject({ titleType: 1, taxNo: null, isDefault: 1 });
    expect((await as(ME, "/member/invoiceTitle/detail", { id: company })).data.isDefault).toBe(0);
  });

  it.each([
    ["a wrong check character", { titleType: 2, title: "华信", taxNo: TAX.slice(0, 17) + (TAX[17] === "0" ? "1" : "0") }, "taxNo", "请输入正确的纳税人识别号"],
    ["no tax id for a company", { titleType: 2, title: "华信" }, "taxNo", "请填写纳税人识别号"],
    ["no title", { titleType: 1, title: "" }, "title", "请填写发票抬头"],
    ["a bad phone", { titleType: 2, title: "华信", taxNo: TAX, phone: "12345" }, "phone", "请输入正确的电话号码"],
    ["a bad account", { titleType: 2, title: "华信", taxNo: TAX, bankAccount: "12ab" }, "bankAccount", "银行账号为8-30位数字"],
    ["an unknown type", { titleType: 3, title: "华信" }, "titleType", "请选择抬头类型"],
  ])("refuses %s, writing nothing", async (_, body, field, message) => {
    const before = await count("invoice_titles");
    const r = await as(ME, "/member/invoiceTitle/save", body as Body);
    expect(r).toMatchObject({ ret: 400, msg: message });
    expect(r.data.errors[field]).toBe(message);
    expect(await count("invoice_titles")).toBe(before);
  });

  it("lists with the default first, filters by type, searches by tax id", async () => {
    const r = await as(ME, "/member/invoiceTitle/list");
    expect(r.data.total).toBe(2);
    expect(r.data.list[0].title).toBe("李明");
    expect((await as(ME, "/member/invoiceTitle/list", { titleType: 2 })).data.list.map((t: { id: number }) => t.id)).toEqual([company]);
    expect((await as(ME, "/member/invoiceTitle/list", { keyword: TAX.slice(2, 10) })).data.total).toBe(1);
  });

  it("updates by id, refuses another member, deletes", async () => {
    expect((await as(ME, "/member/invoiceTitle/save", { id: company, titleType: 2, title: "华信科技", taxNo: TAX })).data.title).toBe("华信科技");
    expect(await as(OTHER, "/member/invoiceTitle/save", { id: company, titleType: 1, title: "改" })).toMatchObject({ ret: 403 });
    expect(await as(OTHER, "/member/invoiceTitle/delete", { id: company })).toMatchObject({ ret: 403 });
    expect(await as(OTHER, "/member/invoiceTitle/detail", { id: company })).toMatchObject({ ret: 403 });
    expect((await as(ME, "/member/invoiceTitle/delete", { id: company })).ret).toBe(0);
    expect(await as(ME, "/member/invoiceTitle/detail", { id: company })).toMatchObject({ ret: 404 });
  });
});
