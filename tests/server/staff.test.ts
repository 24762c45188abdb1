// The company's staff list (/credit/employee/list) and its department filter
// (/credit/department/list): 70 only, the caller's company only, paged and filtered per DESIGN §4.
// Against the demo seed, on SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { isoAt } from "../../server/services/clock";

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
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) =>
  (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const list = (body: Record<string, string | number> = {}) => as("13800000070", "/credit/employee/list", body);
const names = (r: { data: { list: { realName: string }[] } }) => r.data.list.map((e) => e.realName);
const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((e) => e.id);

const ALL = ["周文博", "杨帆", "陈静", "黄磊"];
let dept: Record<string, number> = {};

beforeAll(async () => {
  h = await startHarness();
  // Distinct join times (the seed writes one timestamp for everyone), in a known order.
  const order = ["陈静", "杨帆", "黄磊", "周文博"];
  for (const [i, name] of order.entries()) {
    const m = await db().selectFrom("members").select("creditEmployeeId").where("realName", "=", name).executeTakeFirstOrThrow();
    await db().updateTable("employees").set({ createTime: `2024-0${i + 1}-15T02:00:00.000Z` }).where("id", "=", m.creditEmployeeId).execute();
  }
  const depts = await as("13800000070", "/credit/department/list");
  dept = Object.fromEntries(depts.data.map((d: { name: string; id: number }) => [d.name, d.id]));
});
afterAll(async () => h?.close());

describe("access", () => {
  const ROUTES = ["/credit/employee/list", "/credit/department/list"];

  it("answers 401 to guests", async () => {
    for (const url of ROUTES) expect((await post(h.app, url)).body, url).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
  });

  it("refuses every type but 70 with 403, employees (7_0) included", async () => {
    for (const mobile of ["13800000010", "13800000050", "13800000071", "13800000081"]) {
      for (const url of ROUTES) expect(await as(mobile, url), `${url} as ${mobile}`).toMatchObject({ ret: 403, msg: "您没有权限执行此操作", data: null });
    }
  });
});

describe("/credit/employee/list", () => {
  it("lists the 4 employees of 华信科技有限公司 with departments, levels and trip flags", async () => {
    const r = await list();
    expect(r.ret).toBe(0);
    expect(r.data).toMatchObject({ total: 4, pageNum: 1, pageSize: 10 });
    // Default order: newest first.
    expect(names(r)).toEqual(["周文博", "黄磊", "杨帆", "陈静"]);
    const chen = r.data.list.find((e: { realName: string }) => e.realName === "陈静");
    expect(chen).toEqual({
      id: expect.any(Number), memberId: expect.any(Number), realName: "陈静", mobilePhone: "138****0071", email: null, position: null, status: 1, certNos: [],
      departmentId: dept["研发部"], departmentName: "研发部", employeeLevel: "部门主管", tripLevelName: "管理层",
      approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1, canAudit: 1, createTime: "2024-01-15T02:00:00.000Z",
    });
    // The reply's field order is part of what clients have always received.
    expect(Object.keys(chen)).toEqual([
      "id", "memberId", "departmentId", "departmentName", "position", "status", "employeeLevel", "tripLevelName", "approveFlag", "feeFlag",
      "changeApprove", "overproof", "overApprove", "canAudit", "createTime", "realName", "mobilePhone", "email", "certNos",
    ]);
    expect(r.data.list.find((e: { realName: string }) => e.realName === "杨帆")).toMatchObject({
      departmentName: "市场部", tripLevelName: "普通员工", employeeLevel: "员工", approveFlag: 0, feeFlag: 0, canAudit: 0,
    });
    // Never a credential, whatever the join brings along.
    expect(JSON.stringify(r.data)).not.toMatch(/password|Hash/i);
  });

  it("filters by keyword on the real name or the mobile number; LIKE wildcards are literal text dropped", async () => {
    expect(names(await list({ keyword: "陈" }))).toEqual(["陈静"]);
    expect(names(await list({ keyword: "0072" }))).toEqual(["杨帆"]);
    expect((await list({ keyword: " 1380000 " })).data.total).toBe(4);
    expect((await list({ keyword: "王芳" })).data).toMatchObject({ list: [], total: 0 });
    // "7_1" would match nothing as a pattern (no 7?1 in any number); with _ dropped it is "71".
    expect(names(await list({ keyword: "7_1" }))).toEqual(["陈静"]);
    expect((await list({ keyword: "%" })).data.total).toBe(4);
    expect((await list({ keyword: "" })).data.total).toBe(4);
  });

  it("finds an employee by their member's name or number as they are now, when the employee row keeps none", async () => {
    const m = await db().selectFrom("members").select(["id", "creditEmployeeId"]).where("realName", "=", "黄磊").executeTakeFirstOrThrow();
    const own = await db().selectFrom("employees").select(["realName", "mobilePhone"]).where("id", "=", m.creditEmployeeId).executeTakeFirstOrThrow();
    try {
      await db().updateTable("employees").set({ realName: null }).where("id", "=", m.creditEmployeeId).execute();
      await db().updateTable("members").set({ realName: "黄磊磊" }).where("id", "=", m.id).execute();
      expect(names(await list({ keyword: "黄磊磊" }))).toEqual(["黄磊磊"]);
      await db().updateTable("members").set({ realName: "黄大磊" }).where("id", "=", m.id).execute();
      expect((await list({ keyword: "黄磊磊" })).data).toMatchObject({ list: [], total: 0 });
      expect(names(await list({ keyword: "黄大磊" }))).toEqual(["黄大磊"]);
    } finally {
      await db().updateTable("members").set({ realName: "黄磊" }).where("id", "=", m.id).execute();
      await db().updateTable("employees").set(own).where("id", "=", m.creditEmployeeId).execute();
    }
    expect(names(await list({ keyword: "黄磊" }))).toEqual(["黄磊"]);
    expect((await list()).data.total).toBe(4);
  });

  it("filters by department and by audit right, alone and together", async () => {
    expect(names(await list({ departmentId: dept["研发部"], orderBy: "realName", orderType: "asc" })).sort()).toEqual(["陈静", "黄磊"].sort());
    expect((await list({ departmentId: dept["财务部"] })).data.total).toBe(0);
    expect(names(await list({ canAudit: "1" })).sort()).toEqual(["周文博", "陈静"].sort());
    expect(names(await list({ canAudit: "0" })).sort()).toEqual(["杨帆", "黄磊"].sort());
    expect(names(await list({ departmentId: dept["市场部"], canAudit: "1" }))).toEqual(["周文博"]);
    expect(names(await list({ departmentId: dept["市场部"], keyword: "杨" }))).toEqual(["杨帆"]);
  });

  it("sorts by join time, name and department, both ways, with stable ties", async () => {
    expect(names(await list({ orderBy: "createTime", orderType: "asc" }))).toEqual(["陈静", "杨帆", "黄磊", "周文博"]);
    for (const orderBy of ["realName", "createTime", "departmentName"]) {
      const asc = await list({ orderBy, orderType: "asc" });
      const desc = await list({ orderBy, orderType: "desc" });
      expect(names(asc).sort(), orderBy).toEqual([...ALL].sort());
      expect(ids(desc), orderBy).toEqual([...ids(asc)].reverse());
    }
    // A keyword search sorts its matches the same way, one page at a time, with the same total.
    for (const orderBy of ["realName", "createTime", "departmentName"]) {
      for (const orderType of ["asc", "desc"]) {
        const all = await list({ orderBy, orderType });
        const first = await list({ orderBy, orderType, keyword: "1380000", pageSize: 3, pageNum: 1 });
        const second = await list({ orderBy, orderType, keyword: "1380000", pageSize: 3, pageNum: 2 });
        expect([...ids(first), ...ids(second)], `${orderBy} ${orderType}`).toEqual(ids(all));
        expect([first.data.total, second.data.total]).toEqual([4, 4]);
      }
    }
    expect(names(await list({ keyword: "1380000", canAudit: "1", orderBy: "realName", orderType: "asc" })).sort()).toEqual(["周文博", "陈静"].sort());
    // Department names group together (the collation decides which group comes first).
    const byDept = (await list({ orderBy: "departmentName", orderType: "asc" })).data.list.map((e: { departmentName: string }) => e.departmentName);
    expect(new Set(byDept.slice(0, 2)).size).toBe(1);
    expect(new Set(byDept.slice(2)).size).toBe(1);
  });

  it("pages without overlap and reports the whole total on every page", async () => {
    const p1 = await list({ pageSize: 3, pageNum: 1, orderBy: "createTime", orderType: "asc" });
    const p2 = await list({ pageSize: 3, pageNum: 2, orderBy: "createTime", orderType: "asc" });
    const p3 = await list({ pageSize: 3, pageNum: 3 });
    expect(p1.data).toMatchObject({ total: 4, pageNum: 1, pageSize: 3 });
    expect(names(p1)).toEqual(["陈静", "杨帆", "黄磊"]);
    expect(names(p2)).toEqual(["周文博"]);
    expect(p2.data).toMatchObject({ total: 4, pageNum: 2 });
    expect(p3.data).toMatchObject({ list: [], total: 4, pageNum: 3 });
  });

  it("shows an employee added, moved or deleted on the very next page of the default order", async () => {
    const admin = await db().selectFrom("members").select("creditMemberId").where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
    // What the database itself says the order is, against every page of the list.
    const expected = async () =>
      (await db().selectFrom("employees").select("id").where("companyId", "=", admin.creditMemberId).orderBy("createTime", "desc").orderBy("id", "desc").execute()).map((r) => r.id);
    const paged = async () => {
      const all: number[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await list({ pageSize: 3, pageNum });
        all.push(...ids(page));
        if (page.data.list.length < 3) return { ids: all, total: page.data.total };
      }
    };
    const before = await paged();
    expect(before).toEqual({ ids: await expected(), total: 4 });
    const added = await as("13800000070", "/credit/employee/add", { realName: "令狐冲", mobilePhone: "13811117777" });
    expect(added.ret, added.msg).toBe(0);
    const withNew = await paged();
    expect(withNew).toEqual({ ids: await expected(), total: 5 });
    expect(withNew.ids[0]).toBe(added.data.id);
    // Moved to the back by any writer, at once.
    await db().updateTable("employees").set({ createTime: "2020-01-01T00:00:00.000Z" }).where("id", "=", added.data.id).execute();
    expect((await paged()).ids).toEqual([...before.ids, added.data.id]);
    expect((await as("13800000070", "/credit/employee/delete", { id: added.data.id })).ret).toBe(0);
    expect(await paged()).toEqual(before);
  });

  it("pages down to the 100000th row and no deeper", async () => {
    expect((await list({ pageSize: 100, pageNum: 1001 })).data).toMatchObject({ list: [], total: 4, pageNum: 1001 });
    const deep = await list({ pageSize: 100, pageNum: 1002 });
    expect(deep).toMatchObject({ ret: 400, msg: "页码过大：列表最多翻到第 100000 条记录，请缩小筛选范围或改变排序方向" });
    expect(deep.data.errors.pageNum).toBe(deep.msg);
  });

  it("rejects bad input with 400 and the first error in Chinese", async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ pageSize: 1000 }, "pageSize", "每页条数须为 1 到 100 之间的整数"],
      [{ pageNum: 0 }, "pageNum", "页码须为 1 到 100000 之间的整数"],
      [{ keyword: "张".repeat(31) }, "keyword", "关键字最多 30 个字符"],
      [{ orderBy: "mobilePhone" }, "orderBy", "不支持的排序字段"],
      [{ orderType: "up" }, "orderType", "排序方向只能是 asc 或 desc"],
      [{ departmentId: "abc" }, "departmentId", "部门编号须为非负整数"],
      [{ departmentId: -1 }, "departmentId", "部门编号须为非负整数"],
      [{ canAudit: "2" }, "canAudit", "审批权限只能是 0 或 1"],
    ];
    for (const [input, field, msg] of cases) {
      const r = await list(input);
      expect(r, JSON.stringify(input)).toMatchObject({ ret: 400, msg, data: { errors: { [field]: msg } } });
    }
    const unknown = await list({ companyId: 99 });
    expect(unknown.ret).toBe(400);
    expect(unknown.msg).toContain("companyId");
  });
});

describe("/credit/department/list", () => {
  it("lists the company's departments in their order, with head counts", async () => {
    const r = await as("13800000070", "/credit/department/list");
    expect(r.ret).toBe(0);
    expect(r.data.map((d: { name: string; employeeCount: number }) => [d.name, d.employeeCount])).toEqual([
      ["总经办", 0], ["研发部", 2], ["市场部", 2], ["财务部", 0],
    ]);
  });

  it("rolls head counts up the tree: a department counts everyone in the departments below it, three levels deep", async () => {
    const add = async (name: string, parentId: number) => {
      const r = await as("13800000070", "/credit/department/add", { name, parentId });
      expect(r.ret, r.msg).toBe(0);
      return r.data.id as number;
    };
    const east = await add("华东组", dept["市场部"]);
    const shanghai = await add("上海小组", east);
    const employeeOf = async (name: string) => (await db().selectFrom("members").select("creditEmployeeId").where("realName", "=", name).executeTakeFirstOrThrow()).creditEmployeeId!;
    const [chen, huang] = [await employeeOf("陈静"), await employeeOf("黄磊")];
    const before = await db().selectFrom("employees").select(["id", "departmentId"]).where("id", "in", [chen, huang]).execute();
    await db().updateTable("employees").set({ departmentId: east }).where("id", "=", chen).execute();
    await db().updateTable("employees").set({ departmentId: shanghai }).where("id", "=", huang).execute();
    try {
      const r = await as("13800000070", "/credit/department/list");
      expect(r.ret).toBe(0);
      const byName = Object.fromEntries(r.data.map((d: { name: string; employeeCount: number; directCount: number }) => [d.name, [d.employeeCount, d.directCount]]));
      expect(byName).toEqual({ 总经办: [0, 0], 研发部: [0, 0], 市场部: [4, 2], 华东组: [2, 1], 上海小组: [1, 1], 财务部: [0, 0] });
      // Each person counted once over the tree.
      expect(r.data.reduce((n: number, d: { directCount: number }) => n + d.directCount, 0)).toBe(4);
      // The count shown beside a department is what choosing it lists (it includes the departments below).
      expect((await list({ departmentId: dept["市场部"] })).data.total).toBe(4);
      expect((await list({ departmentId: east })).data.total).toBe(2);
    } finally {
      for (const e of before) await db().updateTable("employees").set({ departmentId: e.departmentId }).where("id", "=", e.id).execute();
      await db().deleteFrom("departments").where("id", "in", [shanghai, east]).execute();
    }
  });

  it("offers 未分配部门 (id 0) once someone has no department, and the list filters by it", async () => {
    const m = await db().selectFrom("members").select("creditEmployeeId").where("realName", "=", "黄磊").executeTakeFirstOrThrow();
    await db().updateTable("employees").set({ departmentId: null }).where("id", "=", m.creditEmployeeId).execute();
    try {
      const r = await as("13800000070", "/credit/department/list");
      expect(r.data.at(-1)).toMatchObject({ id: 0, parentId: null, name: "未分配部门", employeeCount: 1 });
      const loose = await list({ departmentId: 0 });
      expect(names(loose)).toEqual(["黄磊"]);
      expect(loose.data.list[0]).toMatchObject({ departmentId: null, departmentName: null });
      // Unassigned rows sort last whichever way the department column goes.
      expect(names(await list({ orderBy: "departmentName", orderType: "asc" })).at(-1)).toBe("黄磊");
      expect(names(await list({ orderBy: "departmentName", orderType: "desc" })).at(-1)).toBe("黄磊");
    } finally {
      await db().updateTable("employees").set({ departmentId: dept["研发部"] }).where("id", "=", m.creditEmployeeId).execute();
    }
  });
});

describe("another company", () => {
  it("sees only its own staff and departments; a 70 without a company is refused", async () => {
    const now = isoAt();
    const member = (mobilePhone: string, realName: string) =>
      db()
        .insertInto("members")
        .values({ memberType: "70", mobilePhone, realName, account: mobilePhone, username: mobilePhone, createTime: now, updateTime: now })
        .returning("id")
        .executeTakeFirstOrThrow();
    const admin = await member("13900000070", "钱总");
    const company = await db().insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: admin.id, dometicketServerFeeFen: 0, createTime: now }).returning("id").executeTakeFirstOrThrow();
    await db().updateTable("members").set({ creditMemberId: company.id }).where("id", "=", admin.id).execute();
    const d = await db().insertInto("departments").values({ companyId: company.id, parentId: null, name: "采购部", sort: 0 }).returning("id").executeTakeFirstOrThrow();
    const worker = await member("13900000071", "孙悦");
    await db().updateTable("members").set({ memberType: "10" }).where("id", "=", worker.id).execute();
    await db().insertInto("employees").values({ companyId: company.id, memberId: worker.id, departmentId: d.id, tripLevelId: null, employeeLevel: null, canAudit: 0, createTime: now }).execute();

    const theirs = await as("13900000070", "/credit/employee/list");
    expect(theirs.data.total).toBe(1);
    expect(theirs.data.list[0]).toMatchObject({ realName: "孙悦", departmentName: "采购部", tripLevelName: null, approveFlag: 0, canAudit: 0 });
    expect((await as("13900000070", "/credit/department/list")).data).toEqual([{ id: d.id, parentId: null, name: "采购部", sort: 0, employeeCount: 1, directCount: 1 }]);
    // Another company's department id filters to nothing rather than leaking its people.
    expect((await list({ departmentId: d.id })).data.total).toBe(0);
    expect((await list()).data.total).toBe(4);

    // Type 70 without creditMemberId counts as an individual member (src/domain/member.ts).
    await member("13900000079", "无企业");
    expect(await as("13900000079", "/credit/employee/list")).toMatchObject({ ret: 403 });
  });
});
