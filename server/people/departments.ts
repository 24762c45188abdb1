// The company's departments as a tree: added, renamed or moved (never under itself or below it,
// within DEPARTMENT_DEPTH_MAX levels, the name unique under one parent), deleted when empty, and
// listed with their head counts. Every query carries the company.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { toCount } from "../db";
import { uniquely } from "../db/unique";
import { DEPARTMENT_DEPTH_MAX, DEPARTMENTS_MAX, rolledUpCounts, type DepartmentForm } from "../../src/domain/people/employee";
import { UNASSIGNED_DEPARTMENT } from "../settlement/statements";

const DEPARTMENT_MISSING = said("reports.departmentFound");

async function ownDepartment(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db.selectFrom("departments").select(["id", "companyId", "parentId", "name"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, DEPARTMENT_MISSING);
  if (row.companyId !== companyId) throw new BizError(RET.FORBIDDEN, said("policy.viewChangeAnotherCompanyS"));
  return row;
}

const sameName = () => new BizError(RET.BAD_INPUT, said("routes.departmentWithNameAlreadyExists"), { errors: { name: said("routes.departmentWithNameAlreadyExists") } });

/** The parent a department may hang under: the company's own, not itself or below it, within the depth. */
async function checkParent(db: Kysely<Database>, companyId: number, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw new BizError(RET.BAD_INPUT, said("routes.parentDepartmentDoesExist"), { errors: { parentId: said("routes.parentDepartmentDoesExist") } });
  let depth = 1;
  for (let at: number | null | undefined = parentId; at !== null && at !== undefined; at = byId.get(at)) {
    if (at === selfId) throw new BizError(RET.BAD_INPUT, said("routes.departmentMoveUnderItselfIts"), { errors: { parentId: said("routes.departmentMoveUnderItselfIts") } });
    depth++;
  }
  // The moved department's own subtree counts too.
  let below = 0;
  if (selfId !== undefined) {
    const level = (id: number, d: number): number => Math.max(d, ...rows.filter((r) => r.parentId === id).map((r) => level(r.id, d + 1)));
    below = level(selfId, 0);
  }
  if (depth + below > DEPARTMENT_DEPTH_MAX) throw new BizError(RET.BAD_INPUT, said("routes.mostDepartmentLevels", { DEPARTMENT_DEPTH_MAX }), { errors: { parentId: said("routes.mostDepartmentLevels", { DEPARTMENT_DEPTH_MAX }) } });
}

async function assertNameFree(db: Kysely<Database>, companyId: number, parentId: number | null, name: string, selfId?: number) {
  let q = db.selectFrom("departments").select("id").where("companyId", "=", companyId).where("name", "=", name);
  q = parentId === null ? q.where("parentId", "is", null) : q.where("parentId", "=", parentId);
  if (selfId !== undefined) q = q.where("id", "!=", selfId);
  if (await q.executeTakeFirst()) throw sameName();
}

/** Adds a department at the end of the company's order. */
export function addDepartment(db: Kysely<Database>, companyId: number, input: DepartmentForm) {
  return db.transaction().execute(async (trx) => {
    await checkParent(trx as unknown as Kysely<Database>, companyId, input.parentId);
    await assertNameFree(trx as unknown as Kysely<Database>, companyId, input.parentId, input.name);
    const n = await trx.selectFrom("departments").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
    if (toCount(n?.n) >= DEPARTMENTS_MAX) throw new BizError(RET.BAD_INPUT, said("routes.mostDepartmentsPerCompany", { DEPARTMENTS_MAX }));
    const last = await trx.selectFrom("departments").select((eb) => eb.fn.max("sort").as("s")).where("companyId", "=", companyId).executeTakeFirst();
    const row = await trx
      .insertInto("departments")
      .values({ companyId, parentId: input.parentId, name: input.name, sort: Number(last?.s ?? -1) + 1 })
      .returning(["id", "parentId", "name", "sort"])
      .executeTakeFirstOrThrow();
    return row;
  });
}

/** Renames or moves one of the company's departments. */
export function updateDepartment(outer: Kysely<Database>, companyId: number, input: DepartmentForm & { id: number }) {
  return outer.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Database>;
    await ownDepartment(db, companyId, input.id);
    await checkParent(db, companyId, input.parentId, input.id);
    await assertNameFree(db, companyId, input.parentId, input.name, input.id);
    await uniquely(() => trx.updateTable("departments").set({ name: input.name, parentId: input.parentId }).where("id", "=", input.id).where("companyId", "=", companyId).execute(), sameName);
    return trx.selectFrom("departments").select(["id", "parentId", "name", "sort"]).where("id", "=", input.id).executeTakeFirstOrThrow();
  });
}

/** Deletes one of the company's departments that has neither employees nor departments below it. */
export async function deleteDepartment(outer: Kysely<Database>, companyId: number, id: number): Promise<void> {
  await outer.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Database>;
    const d = await ownDepartment(db, companyId, id);
    const staff = await trx.selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).where("departmentId", "=", id).executeTakeFirst();
    if (toCount(staff?.n) > 0) throw new BizError(RET.BAD_INPUT, said("routes.departmentStillHasEmployeesMove", { name: d.name, staff: toCount(staff?.n) }));
    const child = await trx.selectFrom("departments").select("id").where("parentId", "=", id).executeTakeFirst();
    if (child) throw new BizError(RET.BAD_INPUT, said("routes.departmentStillHasSubDepartments", { name: d.name }));
    await trx.deleteFrom("departments").where("id", "=", id).where("companyId", "=", companyId).execute();
  });
}

/** The company's departments, flat, with direct and rolled-up head counts; employees without one as department 0. */
export async function departmentList(db: Kysely<Database>, companyId: number) {
  const [perDept, loose] = await Promise.all([
    db
      .selectFrom("departments as d")
      .leftJoin("employees as e", (j) => j.onRef("e.departmentId", "=", "d.id").onRef("e.companyId", "=", "d.companyId"))
      .select(["d.id", "d.parentId", "d.name", "d.sort", (eb) => eb.fn.count("e.id").as("n")])
      .where("d.companyId", "=", companyId)
      .groupBy(["d.id", "d.parentId", "d.name", "d.sort"])
      .orderBy("d.sort")
      .orderBy("d.id")
      .execute(),
    db
      .selectFrom("employees")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("companyId", "=", companyId)
      .where("departmentId", "is", null)
      .executeTakeFirst(),
  ]);
  // One grouped count of the staff directly in each department, rolled up the tree in memory:
  // a department's head count includes everyone in the departments below it.
  const direct = new Map(perDept.map((d) => [d.id, toCount(d.n)]));
  const total = rolledUpCounts(perDept, direct);
  const list = perDept.map((d) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, employeeCount: total.get(d.id) ?? 0, directCount: direct.get(d.id) ?? 0 }));
  // Employees without a department are filterable too (departmentId 0), as in the statistics.
  const unassigned = toCount(loose?.n);
  if (unassigned > 0) list.push({ id: 0, parentId: null, name: UNASSIGNED_DEPARTMENT, sort: Number.MAX_SAFE_INTEGER, employeeCount: unassigned, directCount: unassigned });
  return list;
}
