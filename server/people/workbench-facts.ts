// The workbenches' key facts: the caller's wallet and the company overview, read from the
// database per call; nothing here is cached or estimated.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import { BizError, RET } from "../services/http/envelope";
import { toCount } from "../db";
import type { Database, Member } from "../db/schema";
import { memberTypeKey } from "../../src/domain/member";
import { canCreditPay } from "../../src/access/rules";
import { UNASSIGNED_DEPARTMENT } from "../settlement/statements";

// ---- wallets ----

interface WalletRow {
  balanceFen: number;
  frozenFen: number;
  creditLimitFen: number;
  creditUsedFen: number;
  points: number;
}

const EMPTY_WALLET: WalletRow = { balanceFen: 0, frozenFen: 0, creditLimitFen: 0, creditUsedFen: 0, points: 0 };

/** A member without a wallet row (signed up after seeding) simply has nothing in it yet. */
async function walletOf(db: Kysely<Database>, memberId: number): Promise<WalletRow> {
  const row = await db
    .selectFrom("wallets")
    .select(["balanceFen", "frozenFen", "creditLimitFen", "creditUsedFen", "points"])
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  return row ? { ...row, points: toCount(row.points) } : EMPTY_WALLET;
}

/** The company of a main member (70) or an employee (7_0), with the member whose wallet it uses. */
async function companyOf(db: Kysely<Database>, member: Member) {
  const key = memberTypeKey(member);
  let companyId = 0;
  if (key === "70") companyId = member.creditMemberId;
  else if (key === "7_0") {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    companyId = e?.companyId ?? 0;
  }
  if (!companyId) return null;
  const c = await db.selectFrom("companies").select(["id", "name", "adminMemberId"]).where("id", "=", companyId).executeTakeFirst();
  if (!c) return null;
  // The company's money lives on its main member's wallet.
  return { id: c.id, name: c.name, walletMemberId: c.adminMemberId ?? (key === "70" ? member.id : null) };
}

export async function accountSummary(db: Kysely<Database>, member: Member) {
  const key = memberTypeKey(member);
  const company = key === "70" || key === "7_0" ? await companyOf(db, member) : null;
  const companyWallet = company?.walletMemberId ? await walletOf(db, company.walletMemberId) : null;
  // 70 sees the company's wallet; 7_0 its own, plus the company's credit if it may pay by credit.
  const own = key === "70" ? (companyWallet ?? EMPTY_WALLET) : await walletOf(db, member.id);
  const creditEnabled = key === "70" ? Boolean(company) : key === "7_0" && !!companyWallet && canCreditPay(member.paymentLimits.split(","));
  const credit = creditEnabled && companyWallet ? companyWallet : EMPTY_WALLET;
  return {
    owner: key === "70" ? ("company" as const) : ("member" as const),
    companyName: company?.name ?? null,
    balanceFen: own.balanceFen,
    frozenFen: own.frozenFen,
    availableFen: own.balanceFen - own.frozenFen,
    points: own.points,
    creditEnabled,
    creditLimitFen: credit.creditLimitFen,
    creditUsedFen: credit.creditUsedFen,
    creditAvailableFen: credit.creditLimitFen - credit.creditUsedFen,
  };
}

// ---- company statistics ----

export async function companyStatistics(db: Kysely<Database>, member: Member) {
  const company = await companyOf(db, member);
  if (!company) throw new BizError(RET.NOT_FOUND, said("people.companyInformationWasFound"));
  const count = (table: "employees" | "departments" | "trip_levels") =>
    db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", company.id).executeTakeFirst();
  const [employees, departments, tripLevels, auditors, perDept, unassigned] = await Promise.all([
    count("employees"),
    count("departments"),
    count("trip_levels"),
    db.selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", company.id).where("canAudit", "=", 1).executeTakeFirst(),
    db
      .selectFrom("departments as d")
      .leftJoin("employees as e", (j) => j.onRef("e.departmentId", "=", "d.id").onRef("e.companyId", "=", "d.companyId"))
      .select(["d.id", "d.name", "d.sort", (eb) => eb.fn.count("e.id").as("n")])
      .where("d.companyId", "=", company.id)
      .groupBy(["d.id", "d.name", "d.sort"])
      .orderBy("d.sort")
      .orderBy("d.id")
      .execute(),
    db.selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", company.id).where("departmentId", "is", null).executeTakeFirst(),
  ]);
  const list = perDept.map((d) => ({ id: d.id, name: d.name, employeeCount: toCount(d.n) }));
  const loose = toCount(unassigned?.n);
  if (loose > 0) list.push({ id: 0, name: UNASSIGNED_DEPARTMENT, employeeCount: loose });
  return {
    companyId: company.id,
    companyName: company.name,
    employeeCount: toCount(employees?.n),
    departmentCount: toCount(departments?.n),
    tripLevelCount: toCount(tripLevels?.n),
    auditorCount: toCount(auditors?.n),
    departments: list,
  };
}
