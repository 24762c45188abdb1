// External travellers (/credit/external_passenger/...): one list per company, kept by its main
// member (70) and its employees (7_0) alike, with the frequent travellers' certificate rules;
// other member types are refused and another company's rows are refused. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { isoAt } from "../../server/services/clock";
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
const ADMIN = "13800000070";
const EMPLOYEE = "13800000072";
const OTHER_ADMIN = "13900000070";
const URL = "/credit/external_passenger";
const idNo = (birth: string, seq: string) => `110105${birth}${seq}` + idCardCheckChar(`110105${birth}${seq}`);
const form = (name: string, certType: number, certNo: string, extra: Body = {}): Body => ({
  name, "certificates.0.certType": certType, "certificates.0.certNo": certNo, ...extra,
});

beforeAll(async () => {
  h = await startHarness();
  // A second company with its own main member.
  const at = isoAt();
  const member = await db()
    .insertInto("members")
    .values({ memberType: "70", mobilePhone: OTHER_ADMIN, realName: "周总", appId: null, thirdPartyName: null, username: null, email: null, account: null, photo: null, birthday: null, sex: null, remark: null, memberCardType: null, experienceDate: null, passwordHash: null, payPasswordHash: null, referrerId: null, createTime: at, updateTime: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const company = await db().insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: member.id, dometicketServerFeeFen: 0, createTime: at }).returning("id").executeTakeFirstOrThrow();
  await db().updateTable("members").set({ creditMemberId: company.id }).where("id", "=", member.id).execute();
});
afterAll(async () => h?.close());

describe("access", () => {
  it("answers 401 to guests and 403 to member types without external travellers", async () => {
    expect((await post(h.app, `${URL}/list`)).body).toMatchObject({ ret: 401 });
    for (const mobile of ["13800000010", "13800000040", "13800000050"]) {
      for (const op of ["list", "add", "detail", "delete"]) expect(await as(mobile, `${URL}/${op}`, { id: 1 }), `${op} as ${mobile}`).toMatchObject({ ret: 403 });
    }
  });
});

describe("one list per company", () => {
  let id = 0;
  const ID = idNo("19850512", "246");

  it("the administrator adds one; birthday and sex come from the ID number", async () => {
    const r = await as(ADMIN, `${URL}/add`, form("客户甲", 1, ID, { mobilePhone: "13611112222" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ name: "客户甲", birthday: "1985-05-12", sex: 2, psgType: "ADT", certificates: [{ certType: 1, certNo: ID }] });
    id = r.data.id;
  });

  it("an employee of the company sees it (masked) and can add another", async () => {
    const r = await as(EMPLOYEE, `${URL}/list`, { keyword: "客户" });
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({ id, mobilePhone: "136****2222" });
    expect(r.data.list[0].certificates[0].certNo).toBe(`110105********${ID.slice(-4)}`);
    expect((await as(EMPLOYEE, `${URL}/add`, form("客户乙", 8, "C7654321"))).ret).toBe(0);
    expect((await as(ADMIN, `${URL}/list`, { orderBy: "name", orderType: "asc" })).data.total).toBe(2);
  });

  it("refuses a number the company already holds, and bad input, writing nothing", async () => {
    const count = async () => (await as(ADMIN, `${URL}/list`)).data.total;
    const before = await count();
    const dup = await as(EMPLOYEE, `${URL}/add`, form("客户丙", 1, ID.toLowerCase()));
    expect(dup.ret).toBe(400);
    expect(Object.keys(dup.data.errors)).toEqual(["certificates.0.certNo"]);
    expect(await as(ADMIN, `${URL}/add`, form("客户丙", 1, "110105198505122461"))).toMatchObject({ ret: 400, msg: "请输入正确的身份证号码" });
    // External travellers have no default one.
    expect(await as(ADMIN, `${URL}/add`, form("客户丙", 8, "C1111111", { isDefault: 1 }))).toMatchObject({ ret: 400 });
    expect(await count()).toBe(before);
  });

  it("keeps another company's list apart and refuses its rows", async () => {
    expect((await as(OTHER_ADMIN, `${URL}/list`)).data.total).toBe(0);
    // The same number is free in another company.
    expect((await as(OTHER_ADMIN, `${URL}/add`, form("客户甲", 1, ID))).ret).toBe(0);
    for (const [op, body] of [["detail", { id }], ["update", { id, ...form("改名", 8, "C2222222") }], ["delete", { id }]] as const) {
      expect(await as(OTHER_ADMIN, `${URL}/${op}`, body), op).toMatchObject({ ret: 403 });
    }
    expect((await as(ADMIN, `${URL}/detail`, { id })).data.name).toBe("客户甲");
  });

  it("an employee updates and deletes the company's row", async () => {
    const r = await as(EMPLOYEE, `${URL}/update`, { id, ...form("客户甲", 1, ID, { surname: "KE", givenName: "HU" }) });
    expect(r.data).toMatchObject({ surname: "KE", givenName: "HU" });
    expect((await as(EMPLOYEE, `${URL}/delete`, { id })).ret).toBe(0);
    expect(await as(ADMIN, `${URL}/detail`, { id })).toMatchObject({ ret: 404 });
  });

  it("keeps frequent travellers and external travellers apart", async () => {
    // The admin's own frequent-traveller list is not the company's external list.
    expect((await as(EMPLOYEE, "/new_beneficiary/list")).data.total).toBe(0);
  });
});
