// Frequent travellers (/new_beneficiary/..., /beneficiary/getDefaultBeneficiary): a member's own
// passengers with certificates, ID-number autofill, masking, search, filters, sorting, paging,
// the default passenger, duplicate certificates, and another member refused. On SQLite and
// (DATABASE_URL) PostgreSQL.
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
type Body = Record<string, string | number>;
const as = async (mobile: string, url: string, body: Body = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const ME = "13800000010";
const OTHER = "13800000030";

/** A valid 18-digit ID number: region, birth date, sequence (odd: male). */
const idNo = (birth: string, seq = "123") => {
  const first17 = `110105${birth}${seq}`;
  return first17 + idCardCheckChar(first17);
};

/** A passenger as the form posts it (certificates as dot keys). */
function form(p: { name?: string; surname?: string; givenName?: string; mobilePhone?: string; certs: [number, string, string?, string?][]; isDefault?: 0 | 1; id?: number; remark?: string }): Body {
  const out: Body = {};
  for (const k of ["id", "name", "surname", "givenName", "mobilePhone", "isDefault", "remark"] as const) if (p[k] !== undefined) out[k] = p[k]!;
  p.certs.forEach(([type, no, expiry, country], i) => {
    out[`certificates.${i}.certType`] = type;
    out[`certificates.${i}.certNo`] = no;
    if (expiry) out[`certificates.${i}.expiry`] = expiry;
    if (country) out[`certificates.${i}.issueCountry`] = country;
  });
  return out;
}
const add = (body: Body, mobile = ME) => as(mobile, "/new_beneficiary/add", body);
const list = (body: Body = {}, mobile = ME) => as(mobile, "/new_beneficiary/list", body);
const count = async () => Number((await db().selectFrom("travellers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

const ZHANG = idNo("19900307", "123"); // male, adult
const LI = idNo("19920615", "224"); // female
const CHILD = idNo(`${new Date().getFullYear() - 5}0101`, "135");
let zhangId = 0;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe("access", () => {
  it("answers 401 to guests", async () => {
    for (const url of ["/new_beneficiary/list", "/new_beneficiary/add", "/beneficiary/getDefaultBeneficiary"]) {
      expect((await post(h.app, url)).body, url).toMatchObject({ ret: 401 });
    }
  });
});

describe("add", () => {
  it("fills birthday and sex from the ID number and answers the full row", async () => {
    const r = await add(form({ name: "张三", mobilePhone: "13912345678", certs: [[1, ZHANG.toLowerCase()]], remark: "靠窗" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ name: "张三", mobilePhone: "13912345678", birthday: "1990-03-07", sex: 1, psgType: "ADT", isDefault: 0, remark: "靠窗" });
    expect(r.data.certificates).toEqual([{ certType: 1, certNo: ZHANG, expiry: null, issueCountry: null }]);
    zhangId = r.data.id;
  });

  it("stores English names in capitals and a passport with its country and expiry", async () => {
    const r = await add(form({ name: "李四", surname: "li", givenName: "si", certs: [[1, LI], [2, "e12345678", "2035-01-31", "中国"]] }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ surname: "LI", givenName: "SI", sex: 2, birthday: "1992-06-15" });
    expect(r.data.certificates[1]).toEqual({ certType: 2, certNo: "E12345678", expiry: "2035-01-31", issueCountry: "中国" });
  });

  it("takes a child and shows them as 儿童 (CHD)", async () => {
    const r = await add(form({ name: "张小宝", certs: [[1, CHILD]] }));
    expect(r.data.psgType).toBe("CHD");
  });

  it.each([
    ["a bad ID check digit", form({ name: "王五", certs: [[1, ZHANG.slice(0, 17) + (ZHANG[17] === "0" ? "1" : "0")]] }), "certificates.0.certNo", "请输入正确的身份证号码"],
    ["no name at all", form({ certs: [[8, "C1234567"]] }), "name", "请填写中文姓名或英文姓名"],
    ["a passport without country", form({ surname: "WANG", givenName: "WU", certs: [[2, "E7654321", "2035-01-01"]] }), "certificates.0.issueCountry", "请填写护照签发国家"],
    ["a passport holder without English name", form({ name: "王五", certs: [[2, "E7654321", "2035-01-01", "中国"]] }), "surname", "持护照出行须填写英文姓名"],
    ["an expired certificate", form({ name: "王五", certs: [[8, "C1234567", "2001-01-01"]] }), "certificates.0.expiry", "证件已过期"],
    ["a bad mobile", form({ name: "王五", mobilePhone: "12345", certs: [[8, "C1234567"]] }), "mobilePhone", "请输入正确的手机号码"],
    ["a Latin Chinese name", form({ name: "Wang", certs: [[8, "C1234567"]] }), "name", "中文姓名只能包含汉字"],
    ["two ID cards", form({ name: "王五", certs: [[1, idNo("19800101")], [1, idNo("19800102")]] }), "certificates.1.certType", "同一种证件只能填写一个"],
    ["no certificate", form({ name: "王五", certs: [] }), "certificates", "请至少填写一个证件"],
    ["a military card with symbols", form({ name: "王五", certs: [[3, "军-123"]] }), "certificates.0.certNo", "军官证号为2-25位字母或数字"],
  ])("refuses %s, naming the field, writing nothing", async (_, body, field, message) => {
    const before = await count();
    const r = await add(body);
    expect(r).toMatchObject({ ret: 400, msg: message });
    expect(r.data.errors[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it("refuses a certificate number another of the member's passengers holds, writing nothing", async () => {
    const before = await count();
    const r = await add(form({ name: "张三丰", certs: [[8, "C7777777"], [1, ZHANG]] }));
    expect(r.ret).toBe(400);
    expect(r.msg).toContain("已属于其他旅客");
    expect(r.msg).not.toContain(ZHANG);
    expect(Object.keys(r.data.errors)).toEqual(["certificates.1.certNo"]);
    expect(await count()).toBe(before);
  });

  it("lets another member keep the same number", async () => {
    const r = await add(form({ name: "张三", certs: [[1, ZHANG]] }), OTHER);
    expect(r.ret, r.msg).toBe(0);
  });

  it("refuses an id on add", async () => {
    expect(await add(form({ id: zhangId, name: "张三", certs: [[8, "C9999999"]] }))).toMatchObject({ ret: 400 });
  });
});

describe("list", () => {
  it("masks mobiles and certificate numbers, only the member's own rows", async () => {
    const r = await list();
    expect(r.ret).toBe(0);
    expect(r.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
    const zhang = r.data.list.find((p: { id: number }) => p.id === zhangId);
    expect(zhang.mobilePhone).toBe("139****5678");
    expect(zhang.certificates[0].certNo).toBe(`${ZHANG.slice(0, 6)}********${ZHANG.slice(-4)}`);
    expect((await list({}, OTHER)).data.total).toBe(1);
  });

  it.each([
    ["a Chinese name", "张", ["张三", "张小宝"]],
    ["a mobile", "1391234", ["张三"]],
    ["a full certificate number", ZHANG.toLowerCase(), ["张三"]],
    ["part of a passport number", "e1234", ["李四"]],
    ["an English name in small letters", "li", ["李四"]],
    ["a LIKE wildcard, never as a wildcard", "1391_345", []],
  ])("searches by %s", async (_, keyword, names) => {
    const r = await list({ keyword, orderBy: "name", orderType: "asc" });
    expect(r.data.list.map((p: { name: string }) => p.name).sort()).toEqual([...names].sort());
    expect(r.data.total).toBe(names.length);
  });

  it("pages a keyword's matches in every order as the whole list orders them", async () => {
    // 110105 is in every mainland ID number here: long enough for the search table on SQLite.
    const ided = (r: { data: { list: { id: number; certificates: { certType: number }[] }[] } }) =>
      r.data.list.filter((p) => p.certificates.some((c) => c.certType === 1)).map((p) => p.id);
    for (const orderBy of ["name", "createTime", "birthday", undefined]) {
      for (const orderType of ["asc", "desc"]) {
        const order: Record<string, string> = orderBy ? { orderBy, orderType } : { orderType };
        const all = ided(await list({ ...order, pageSize: 100 }));
        const first = await list({ ...order, keyword: "110105", pageSize: 1, pageNum: 1 });
        const rest = await list({ ...order, keyword: "110105", pageSize: 1, pageNum: 2 });
        expect([...first.data.list, ...rest.data.list].map((p: { id: number }) => p.id), `${orderBy} ${orderType}`).toEqual(all.slice(0, 2));
        expect(first.data.total).toBe(all.length);
      }
    }
  });

  it("filters by certificate type and passenger type", async () => {
    expect((await list({ certType: 2 })).data.list.map((p: { name: string }) => p.name)).toEqual(["李四"]);
    expect((await list({ psgType: "CHD" })).data.list.map((p: { name: string }) => p.name)).toEqual(["张小宝"]);
    expect((await list({ psgType: "ADT" })).data.total).toBe(2);
    expect((await list({ psgType: "INF" })).data.total).toBe(0);
  });

  it("sorts and pages without overlap", async () => {
    const asc = await list({ orderBy: "birthday", orderType: "asc" });
    expect(asc.data.list.map((p: { name: string }) => p.name)).toEqual(["张三", "李四", "张小宝"]);
    const p1 = await list({ orderBy: "birthday", orderType: "desc", pageSize: 2, pageNum: 1 });
    const p2 = await list({ orderBy: "birthday", orderType: "desc", pageSize: 2, pageNum: 2 });
    expect(p1.data.list.map((p: { name: string }) => p.name)).toEqual(["张小宝", "李四"]);
    expect(p2.data).toMatchObject({ total: 3, pageNum: 2 });
    expect(p2.data.list.map((p: { name: string }) => p.name)).toEqual(["张三"]);
  });

  it("refuses an unknown sort field and a bad filter", async () => {
    expect(await list({ orderBy: "mobilePhone" })).toMatchObject({ ret: 400, msg: "不支持的排序字段" });
    expect(await list({ psgType: "XX" })).toMatchObject({ ret: 400 });
    expect(await list({ certType: 12 })).toMatchObject({ ret: 400, msg: "证件类型不正确" });
  });
});

describe("update, default, delete", () => {
  it("answers the full numbers to the owner", async () => {
    const r = await as(ME, "/new_beneficiary/detail", { id: zhangId });
    expect(r.data).toMatchObject({ id: zhangId, mobilePhone: "13912345678" });
    expect(r.data.certificates[0].certNo).toBe(ZHANG);
  });

  it("updates fields and replaces the certificates", async () => {
    const r = await as(ME, "/new_beneficiary/update", form({ id: zhangId, name: "张三", mobilePhone: "13700000000", certs: [[1, ZHANG], [8, "C1234567"]] }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.mobilePhone).toBe("13700000000");
    expect(r.data.certificates.map((c: { certType: number }) => c.certType)).toEqual([1, 8]);
    expect(await as(ME, "/new_beneficiary/update", form({ name: "张三", certs: [[1, ZHANG]] }))).toMatchObject({ ret: 400, msg: "请指定要修改的旅客" });
  });

  it("keeps one default passenger", async () => {
    expect((await as(ME, "/beneficiary/getDefaultBeneficiary")).data).toBeNull();
    await as(ME, "/new_beneficiary/update", form({ id: zhangId, name: "张三", isDefault: 1, certs: [[1, ZHANG]] }));
    expect((await as(ME, "/beneficiary/getDefaultBeneficiary")).data).toMatchObject({ id: zhangId, isDefault: 1 });
    const li = (await list({ keyword: "李四" })).data.list[0];
    await as(ME, "/new_beneficiary/update", form({ id: li.id, name: "李四", surname: "LI", givenName: "SI", isDefault: 1, certs: [[1, LI], [2, "E12345678", "2035-01-31", "中国"]] }));
    const d = await as(ME, "/beneficiary/getDefaultBeneficiary");
    expect(d.data).toMatchObject({ id: li.id, name: "李四" });
    expect(d.data.certificates[1].certNo).toBe("E12345678");
    expect((await list()).data.list.filter((p: { isDefault: number }) => p.isDefault).length).toBe(1);
    expect((await list()).data.list[0].id).toBe(li.id);
  });

  it("refuses another member's passenger on detail, update and delete", async () => {
    const before = await as(ME, "/new_beneficiary/detail", { id: zhangId });
    for (const [url, body] of [
      ["/new_beneficiary/detail", { id: zhangId }],
      ["/new_beneficiary/update", form({ id: zhangId, name: "黑客", certs: [[8, "C5555555"]] })],
      ["/new_beneficiary/delete", { id: zhangId }],
    ] as const) {
      expect(await as(OTHER, url, body), url).toMatchObject({ ret: 403, msg: "无权查看或操作该旅客" });
    }
    expect((await as(ME, "/new_beneficiary/detail", { id: zhangId })).data).toEqual(before.data);
    expect(await as(ME, "/new_beneficiary/detail", { id: 999999 })).toMatchObject({ ret: 404, msg: "未找到该旅客" });
  });

  it("deletes with its certificates, freeing the number", async () => {
    expect((await as(ME, "/new_beneficiary/delete", { id: zhangId })).ret).toBe(0);
    expect(await db().selectFrom("traveller_certificates").select("id").where("travellerId", "=", zhangId).execute()).toEqual([]);
    expect(await as(ME, "/new_beneficiary/detail", { id: zhangId })).toMatchObject({ ret: 404 });
    expect((await add(form({ name: "张三", certs: [[1, ZHANG]] }))).ret).toBe(0);
  });
});

describe("demo seed", () => {
  it("gives the family member three passengers (the default first, a child), an address and an invoice title", async () => {
    const r = await as("13800000020", "/new_beneficiary/list");
    expect(r.data.total).toBe(3);
    expect(r.data.list[0]).toMatchObject({ name: "王芳", isDefault: 1, sex: 2, psgType: "ADT" });
    expect(r.data.list.map((p: { psgType: string }) => p.psgType).sort()).toEqual(["ADT", "ADT", "CHD"]);
    expect((await as("13800000020", "/postaddress/list")).data.list[0]).toMatchObject({ districtName: "浦东新区", isDefault: 1 });
    expect((await as("13800000020", "/member/invoiceTitle/list")).data.total).toBe(1);
  });
});

describe("search and total after changes", () => {
  const names = async (keyword: string, mobile = ME) => (await list({ keyword, pageSize: 100 }, mobile)).data.list.map((p: { name: string }) => p.name).sort();

  it("finds a passenger by a certificate number, a mobile and an English name as they are now, never by the old ones", async () => {
    const r = await add(form({ name: "欧阳锋", surname: "OUYANG", givenName: "FENG", mobilePhone: "13655550001", certs: [[8, "C5550001"]] }));
    expect(r.ret, r.msg).toBe(0);
    expect(await names("c5550001")).toEqual(["欧阳锋"]);
    expect(await names("ouyang")).toEqual(["欧阳锋"]);
    expect(await names("阳锋")).toEqual(["欧阳锋"]);
    const updated = await as(ME, "/new_beneficiary/update", form({ id: r.data.id, name: "欧阳克", surname: "OUYANG", givenName: "KE", mobilePhone: "13655550002", certs: [[8, "C5550002"]] }));
    expect(updated.ret, updated.msg).toBe(0);
    expect(await names("C5550001")).toEqual([]);
    expect(await names("13655550001")).toEqual([]);
    expect(await names("阳锋")).toEqual([]);
    expect(await names("C5550002")).toEqual(["欧阳克"]);
    expect(await names("55550002")).toEqual(["欧阳克"]);
    // Another member's rows never show, even when their text matches.
    expect(await names("欧阳克", OTHER)).toEqual([]);
    const total = (await list()).data.total;
    expect((await as(ME, "/new_beneficiary/delete", { id: r.data.id })).ret).toBe(0);
    expect(await names("欧阳克")).toEqual([]);
    expect((await list()).data.total).toBe(total - 1);
  });

  it("pages the default order (the default passenger first, newest next) without overlap or gaps", async () => {
    const all = (await list({ pageSize: 100 })).data.list.map((p: { id: number }) => p.id);
    const paged: number[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(all.length / 2); pageNum++) paged.push(...(await list({ pageSize: 2, pageNum })).data.list.map((p: { id: number }) => p.id));
    expect(paged).toEqual(all);
    const asc = (await list({ pageSize: 100, orderBy: "createTime", orderType: "asc" })).data.list.map((p: { id: number }) => p.id);
    expect((await list({ pageSize: 1, pageNum: 2, orderBy: "createTime", orderType: "asc" })).data.list.map((p: { id: number }) => p.id)).toEqual([asc[1]]);
  });

  it("shows an added, re-defaulted or deleted passenger on the very next page of the default order", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow();
    // What the database itself says the order is, against every page of the list.
    const expected = async () =>
      (await db().selectFrom("travellers").select("id").where("ownerKind", "=", "member").where("ownerId", "=", m.id).orderBy("isDefault", "desc").orderBy("createTime", "desc").orderBy("id", "desc").execute()).map((r) => r.id);
    const paged = async () => {
      const ids: number[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = (await list({ pageSize: 2, pageNum })).data;
        ids.push(...page.list.map((p: { id: number }) => p.id));
        if (page.list.length < 2) return { ids, total: page.total };
      }
    };
    const before = await paged();
    expect(before.ids).toEqual(await expected());
    const added = await add(form({ name: "令狐冲", certs: [[8, "C7770001"]] }));
    expect(added.ret, added.msg).toBe(0);
    const withNew = await paged();
    expect(withNew).toEqual({ ids: await expected(), total: before.total + 1 });
    expect(withNew.ids).toContain(added.data.id);
    // Made the default by any writer: it leads at once.
    const formerDefault = await db().selectFrom("travellers").select("id").where("ownerKind", "=", "member").where("ownerId", "=", m.id).where("isDefault", "=", 1).executeTakeFirst();
    await db().updateTable("travellers").set({ isDefault: 0 }).where("ownerKind", "=", "member").where("ownerId", "=", m.id).execute();
    await db().updateTable("travellers").set({ isDefault: 1 }).where("id", "=", added.data.id).execute();
    expect((await list({ pageSize: 2 })).data.list[0].id).toBe(added.data.id);
    expect((await paged()).ids).toEqual(await expected());
    expect((await as(ME, "/new_beneficiary/delete", { id: added.data.id })).ret).toBe(0);
    if (formerDefault) await db().updateTable("travellers").set({ isDefault: 1 }).where("id", "=", formerDefault.id).execute();
    expect(await paged()).toEqual({ ids: before.ids, total: before.total });
  });

  it("answers the same total as counting the member's rows", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow();
    const counted = await db().selectFrom("travellers").select((eb) => eb.fn.countAll().as("n")).where("ownerKind", "=", "member").where("ownerId", "=", m.id).executeTakeFirstOrThrow();
    expect((await list()).data.total).toBe(Number(counted.n));
  });
});
