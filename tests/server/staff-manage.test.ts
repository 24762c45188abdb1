// Managing the company's staff: employees added, read, edited, enabled/disabled (their 7_0
// sign-in follows) and deleted; departments as a tree (add, rename, move, delete refused while
// occupied); every form rule refused in Chinese; another company's rows refused. Against the demo
// seed, on SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { call, freshClient, lastCode } from "./account-helpers";
import { createSession } from "../../server/services/accounts/sessions";
import { isoAt } from "../../server/services/clock";
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
const OTHER_ADMIN = "13900000170";
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const admin = (url: string, body: Record<string, string | number> = {}) => as(ADMIN, url, body);
const idNo = (birth: string, seq: string) => `110105${birth}${seq}` + idCardCheckChar(`110105${birth}${seq}`);

let dept: Record<string, number> = {};
let levels: Record<string, number> = {};
let otherEmployee = 0;
let otherDept = 0;

async function smsLogin(mobile: string) {
  freshClient();
  await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: mobile });
  let code: string;
  try {
    code = await lastCode(h.app, mobile);
  } catch {
    return { ret: -1, msg: "no sms", data: null };
  }
  return (await call(h.app, "/login/appNewLoginMobile", { mobilePhone: mobile, code })).body;
}

beforeAll(async () => {
  h = await startHarness();
  dept = Object.fromEntries((await admin("/credit/department/list")).data.map((d: { name: string; id: number }) => [d.name, d.id]));
  levels = Object.fromEntries((await admin("/credit/employee/trip_levels")).data.map((l: { name: string; id: number }) => [l.name, l.id]));
  // A second company with its own admin, department and employee.
  const now = isoAt();
  const m = await db().insertInto("members").values({ memberType: "70", mobilePhone: OTHER_ADMIN, realName: "钱总", account: OTHER_ADMIN, username: OTHER_ADMIN, createTime: now, updateTime: now }).returning("id").executeTakeFirstOrThrow();
  const c = await db().insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: m.id, dometicketServerFeeFen: 0, createTime: now }).returning("id").executeTakeFirstOrThrow();
  await db().updateTable("members").set({ creditMemberId: c.id }).where("id", "=", m.id).execute();
  const added = await as(OTHER_ADMIN, "/credit/department/add", { name: "采购部" });
  otherDept = added.data.id;
  const e = await as(OTHER_ADMIN, "/credit/employee/add", { realName: "孙悦", mobilePhone: "13900000171", departmentId: otherDept });
  expect(e.ret).toBe(0);
  otherEmployee = e.data.id;
});
afterAll(async () => h?.close());

describe("employees", () => {
  let id = 0;
  const ID = idNo("19900307", "123");

  it("adds an employee with department, trip level, audit right and a certificate; the list masks phone and number", async () => {
    const r = await admin("/credit/employee/add", {
      realName: "赵敏", mobilePhone: "13811110001", email: "zhaomin@example.com", departmentId: dept["研发部"], position: "工程师",
      employeeLevel: "员工", tripLevelId: levels["管理层"], canAudit: "1", "certificates.0.certType": 1, "certificates.0.certNo": ID,
    });
    expect(r.ret, r.msg).toBe(0);
    id = r.data.id;
    expect(r.data).toMatchObject({
      realName: "赵敏", mobilePhone: "13811110001", email: "zhaomin@example.com", departmentId: dept["研发部"], position: "工程师",
      employeeLevel: "员工", tripLevelId: levels["管理层"], canAudit: 1, status: 1,
      certificates: [{ certType: 1, certNo: ID, expiry: null, issueCountry: null }],
    });
    const list = await admin("/credit/employee/list", { keyword: "赵敏" });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      realName: "赵敏", mobilePhone: "138****0001", departmentName: "研发部", position: "工程师", tripLevelName: "管理层",
      approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1, canAudit: 1, status: 1,
    });
    expect(list.data.list[0].certNos).toEqual([expect.stringMatching(/^1101\*+\d{4}$|\*/)]);
    expect(JSON.stringify(list.data)).not.toContain(ID);
    expect(JSON.stringify(list.data)).not.toContain("13811110001");
    // The detail (the edit form) shows them whole.
    expect((await admin("/credit/employee/detail", { id })).data).toMatchObject({ mobilePhone: "13811110001", certificates: [{ certNo: ID }] });
  });

  it("creates the 7_0 sign-in on add: linked to the company, signs in with the mobile", async () => {
    const m = await db().selectFrom("members").selectAll().where("mobilePhone", "=", "13811110001").executeTakeFirstOrThrow();
    expect(m).toMatchObject({ status: 1, creditEmployeeId: id, realName: "赵敏" });
    expect(m.creditMemberId).toBeGreaterThan(0);
    expect(memberTypeKey(m)).toBe("7_0");
    const login = await smsLogin("13811110001");
    expect(login.ret, login.msg).toBe(0);
    expect(login.data).toMatchObject({ memberTypeKey: "7_0" });
    tokens["13811110001"] = login.data.token;
    expect((await as("13811110001", "/member/center/companystatistics")).ret).not.toBe(401);
  });

  it("edits the employee; the sign-in follows the new mobile and name", async () => {
    const r = await admin("/credit/employee/update", {
      id, realName: "赵敏敏", mobilePhone: "13811110002", departmentId: dept["市场部"], tripLevelId: levels["普通员工"], canAudit: "0", position: "",
    });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ realName: "赵敏敏", mobilePhone: "13811110002", departmentId: dept["市场部"], position: null, canAudit: 0, certificates: [], email: null });
    const m = await db().selectFrom("members").selectAll().where("creditEmployeeId", "=", id).executeTakeFirstOrThrow();
    expect(m).toMatchObject({ mobilePhone: "13811110002", realName: "赵敏敏", status: 1 });
    const list = await admin("/credit/employee/list", { keyword: "赵敏敏" });
    expect(list.data.list[0]).toMatchObject({ departmentName: "市场部", tripLevelName: "普通员工", approveFlag: 0 });
  });

  it("disabling stops the sign-in (sessions end, login refused); enabling restores it", async () => {
    const off = await admin("/credit/employee/status", { id, status: "0" });
    expect(off.ret, off.msg).toBe(0);
    expect(off.data.status).toBe(0);
    expect((await as("13811110001", "/member/center/companystatistics")).ret).toBe(401);
    const refused = await smsLogin("13811110002");
    expect(refused.ret).not.toBe(0);
    expect((await admin("/credit/employee/list", { status: "0" })).data.list.map((e: { id: number }) => e.id)).toEqual([id]);

    const on = await admin("/credit/employee/status", { id, status: "1" });
    expect(on.ret, on.msg).toBe(0);
    const again = await smsLogin("13811110002");
    expect(again.ret, again.msg).toBe(0);
    expect(again.data.memberTypeKey).toBe("7_0");
  });

  it("refuses each form rule in Chinese, under its field", async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ mobilePhone: "13811110009" }, "realName", "请输入员工姓名"],
      [{ realName: "张".repeat(21), mobilePhone: "13811110009" }, "realName", "员工姓名最多20个字"],
      [{ realName: "钱七" }, "mobilePhone", "请输入手机号码"],
      [{ realName: "钱七", mobilePhone: "1381111" }, "mobilePhone", "请输入正确的手机号码"],
      [{ realName: "钱七", mobilePhone: "13811110009", email: "not-mail" }, "email", "请输入正确的邮箱地址"],
      [{ realName: "钱七", mobilePhone: "13811110009", departmentId: "x" }, "departmentId", "请选择部门"],
      [{ realName: "钱七", mobilePhone: "13811110009", canAudit: "yes" }, "canAudit", "审批权限填写不正确"],
      [{ realName: "钱七", mobilePhone: "13811110009", "certificates.0.certType": 1, "certificates.0.certNo": "110105199003071234" }, "certificates.0.certNo", "请输入正确的身份证号码"],
      [{ realName: "钱七", mobilePhone: "13811110009", position: "职".repeat(31) }, "position", "职位最多30个字"],
    ];
    for (const [input, field, msg] of cases) {
      const r = await admin("/credit/employee/add", input);
      expect(r.ret, JSON.stringify(input)).toBe(400);
      expect(r.data.errors[field], JSON.stringify(input)).toBe(msg);
    }
    // References must be the company's own.
    expect(await admin("/credit/employee/add", { realName: "钱七", mobilePhone: "13811110009", departmentId: otherDept })).toMatchObject({ ret: 400, data: { errors: { departmentId: "所选部门不存在" } } });
    expect(await admin("/credit/employee/add", { realName: "钱七", mobilePhone: "13811110009", tripLevelId: 999999 })).toMatchObject({ ret: 400, data: { errors: { tripLevelId: "所选差旅级别不存在" } } });
    // A mobile is unique within the company, and never someone else's account.
    expect(await admin("/credit/employee/add", { realName: "钱七", mobilePhone: "13811110002" })).toMatchObject({ ret: 400, msg: "手机号 138****0002 已是本企业员工" });
    expect(await admin("/credit/employee/add", { realName: "钱七", mobilePhone: "13800000010" })).toMatchObject({ ret: 400, msg: "手机号 138****0010 已注册为其他会员，无法开通企业登录" });
    expect(await admin("/credit/employee/add", { realName: "钱七", mobilePhone: "13900000171" })).toMatchObject({ ret: 400, msg: "手机号 139****0171 已注册为其他会员，无法开通企业登录" });
    // Nothing of a refused add stays behind.
    expect((await admin("/credit/employee/list", { keyword: "钱七" })).data.total).toBe(0);
    expect(await admin("/credit/employee/detail", { id: "abc" })).toMatchObject({ ret: 400 });
    expect(await admin("/credit/employee/status", { id, status: "2" })).toMatchObject({ ret: 400, msg: "状态只能是 0 或 1" });
  });

  it("lists with paging, filters and sorting", async () => {
    for (const [i, n] of ["甲一", "甲二", "甲三"].entries()) {
      expect((await admin("/credit/employee/add", { realName: n, mobilePhone: `1381111002${i}`, departmentId: dept["财务部"] })).ret).toBe(0);
    }
    const p1 = await admin("/credit/employee/list", { departmentId: dept["财务部"], pageSize: 2, pageNum: 1, orderBy: "realName", orderType: "asc" });
    const p2 = await admin("/credit/employee/list", { departmentId: dept["财务部"], pageSize: 2, pageNum: 2, orderBy: "realName", orderType: "asc" });
    expect(p1.data.total).toBe(3);
    expect([...p1.data.list, ...p2.data.list].map((e: { realName: string }) => e.realName).sort()).toEqual(["甲一", "甲三", "甲二"].sort());
    expect(p2.data.list).toHaveLength(1);
    expect((await admin("/credit/employee/list", { keyword: "0021" })).data.list.map((e: { realName: string }) => e.realName)).toEqual(["甲二"]);
  });

  it("refuses another company's employee (403) and a missing one (404); the other admin cannot touch ours", async () => {
    for (const url of ["/credit/employee/detail", "/credit/employee/delete"]) {
      expect(await admin(url, { id: otherEmployee })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
      expect(await admin(url, { id: 999999 })).toMatchObject({ ret: 404, msg: "未找到该员工" });
    }
    expect(await admin("/credit/employee/update", { id: otherEmployee, realName: "改名", mobilePhone: "13900000171" })).toMatchObject({ ret: 403 });
    expect(await admin("/credit/employee/status", { id: otherEmployee, status: "0" })).toMatchObject({ ret: 403 });
    expect(await as(OTHER_ADMIN, "/credit/employee/detail", { id })).toMatchObject({ ret: 403 });
    expect((await as(OTHER_ADMIN, "/credit/employee/list")).data.list.map((e: { realName: string }) => e.realName)).toEqual(["孙悦"]);
    // The other company's employee is untouched.
    const theirs = await as(OTHER_ADMIN, "/credit/employee/detail", { id: otherEmployee });
    expect(theirs.data).toMatchObject({ realName: "孙悦", status: 1 });
    // Employees (7_0) and other members cannot manage staff at all.
    expect(await as("13800000071", "/credit/employee/add", { realName: "钱七", mobilePhone: "13811110009" })).toMatchObject({ ret: 403 });
  });

  it("deletes an employee: gone from the list, their sign-in disabled; re-adding the mobile restores it", async () => {
    const r = await admin("/credit/employee/delete", { id });
    expect(r.ret, r.msg).toBe(0);
    expect(await admin("/credit/employee/detail", { id })).toMatchObject({ ret: 404 });
    const m = await db().selectFrom("members").selectAll().where("mobilePhone", "=", "13811110002").executeTakeFirstOrThrow();
    expect(m).toMatchObject({ status: 0, creditEmployeeId: 0 });
    expect((await smsLogin("13811110002")).ret).not.toBe(0);
    const back = await admin("/credit/employee/add", { realName: "赵敏", mobilePhone: "13811110002" });
    expect(back.ret, back.msg).toBe(0);
    expect(back.data.memberId).toBe(m.id);
    // (A login code for this mobile was sent moments ago: the row shows the sign-in is back.)
    expect(await db().selectFrom("members").selectAll().where("id", "=", m.id).executeTakeFirstOrThrow()).toMatchObject({ status: 1, creditEmployeeId: back.data.id });
  });
});

describe("departments", () => {
  it("adds a sub-department, renames and moves it, and lists the tree flat with parents", async () => {
    const fe = await admin("/credit/department/add", { name: "前端组", parentId: dept["研发部"] });
    expect(fe.ret, fe.msg).toBe(0);
    expect(fe.data).toMatchObject({ name: "前端组", parentId: dept["研发部"] });
    expect(await admin("/credit/department/add", { name: "前端组", parentId: dept["研发部"] })).toMatchObject({ ret: 400, msg: "同一上级部门下已有同名部门" });
    const renamed = await admin("/credit/department/update", { id: fe.data.id, name: "大前端组", parentId: dept["研发部"] });
    expect(renamed.data).toMatchObject({ name: "大前端组" });
    const moved = await admin("/credit/department/update", { id: fe.data.id, name: "大前端组", parentId: dept["市场部"] });
    expect(moved.data).toMatchObject({ parentId: dept["市场部"] });
    const list = (await admin("/credit/department/list")).data;
    expect(list.find((d: { id: number }) => d.id === fe.data.id)).toMatchObject({ parentId: dept["市场部"], employeeCount: 0 });
    // An employee in the sub-department is found by filtering on its parent.
    const e = await admin("/credit/employee/add", { realName: "周前端", mobilePhone: "13811110031", departmentId: fe.data.id });
    expect(e.ret).toBe(0);
    const under = await admin("/credit/employee/list", { departmentId: dept["市场部"], keyword: "周前端" });
    expect(under.data.total).toBe(1);
    // Not under itself or its own child.
    const child = await admin("/credit/department/add", { name: "组件组", parentId: fe.data.id });
    expect(await admin("/credit/department/update", { id: fe.data.id, name: "大前端组", parentId: child.data.id })).toMatchObject({ ret: 400, msg: "不能移动到本部门或其下级部门" });
    expect(await admin("/credit/department/update", { id: fe.data.id, name: "大前端组", parentId: fe.data.id })).toMatchObject({ ret: 400, msg: "不能移动到本部门或其下级部门" });
    // Delete refused while it has employees or children, with a clear message.
    expect(await admin("/credit/department/delete", { id: fe.data.id })).toMatchObject({ ret: 400, msg: "部门“大前端组”下还有 1 名员工，请先将员工调到其他部门再删除" });
    await admin("/credit/employee/delete", { id: e.data.id });
    expect(await admin("/credit/department/delete", { id: fe.data.id })).toMatchObject({ ret: 400, msg: "部门“大前端组”下还有下级部门，请先删除或移走下级部门" });
    expect((await admin("/credit/department/delete", { id: child.data.id })).ret).toBe(0);
    expect((await admin("/credit/department/delete", { id: fe.data.id })).ret).toBe(0);
    expect((await admin("/credit/department/list")).data.some((d: { id: number }) => d.id === fe.data.id)).toBe(false);
  });

  it("refuses bad names, foreign parents and another company's department", async () => {
    expect(await admin("/credit/department/add", { name: "" })).toMatchObject({ ret: 400, data: { errors: { name: "请输入部门名称" } } });
    expect(await admin("/credit/department/add", { name: "部".repeat(31) })).toMatchObject({ ret: 400, data: { errors: { name: "部门名称最多30个字" } } });
    expect(await admin("/credit/department/add", { name: "新部门", parentId: otherDept })).toMatchObject({ ret: 400, msg: "上级部门不存在" });
    expect(await admin("/credit/department/update", { id: otherDept, name: "改名" })).toMatchObject({ ret: 403 });
    expect(await admin("/credit/department/delete", { id: otherDept })).toMatchObject({ ret: 403 });
    expect(await admin("/credit/department/delete", { id: 999999 })).toMatchObject({ ret: 404, msg: "未找到该部门" });
  });
});

describe("logs", () => {
  it("never carry an employee's phone or certificate number, whatever the route answers", async () => {
    const lines: string[] = [];
    const logged = await startHarness({ logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const admin70 = await logged.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ADMIN).executeTakeFirstOrThrow();
      const token = await createSession(logged.db.db, admin70.id);
      const send = (url: string, body: Record<string, string | number>) => post(logged.app, url, { token, ...body });
      const ID = idNo("19850505", "321");
      expect((await send("/credit/employee/add", { realName: "日志员工", mobilePhone: "13855550001", "certificates.0.certType": 1, "certificates.0.certNo": ID })).body.ret).toBe(0);
      // Refusals too: a taken mobile, a bad certificate.
      expect((await send("/credit/employee/add", { realName: "日志员工", mobilePhone: "13855550001" })).body.ret).toBe(400);
      expect((await send("/credit/employee/add", { realName: "日志员工", mobilePhone: "13855550002", "certificates.0.certType": 1, "certificates.0.certNo": "110105198505053219" })).body.ret).toBe(400);
      await send("/credit/employee/list", { keyword: "13855550001" });
      expect(lines.length).toBeGreaterThan(0);
      const text = lines.join("");
      for (const secret of ["13855550001", "13855550002", ID, "110105198505053219"]) expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
