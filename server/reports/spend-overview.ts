// The enterprise workbench's spend figures, read from the report summaries as the spend report
// is: this month so far and last month's same days (China dates) grouped by product and booker
// (two small grouped reads), the approvals waiting for the caller (one count), and the names of
// the top five travellers. A handful of cheap queries, however many orders there are.
import { said } from "../services/i18n/text";
import { sql, type Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { now } from "../services/clock";
import { companyIdOf } from "../orders/flight/book";
import { chinaDate } from "../../src/domain/travel/dates";
import { REPORT_PRODUCT, REPORT_TYPES } from "../../src/domain/reports";
import { permille } from "../../src/domain/report-figures";
import { TOP_TRAVELLERS, monthToDate, type Period, type SpendOverview } from "../../src/domain/spend-overview";
import { grouped, parts } from "./company-report";
import { notIndexed } from "../people/search";

type Row = { product: string; memberId: unknown; orders: unknown; spendFen: unknown; selfPayFen: unknown; overOrders: unknown; overFen: unknown };
const SUMS = ["orders", "spendFen", "selfPayFen", "overOrders", "overFen"];

/** The company's spend orders of every report product over a period, by product and booker. */
function spendOf(db: Kysely<Database>, companyId: number, p: Period): Promise<Row[]> {
  const columns = ["product", "memberId", ...SUMS];
  return grouped<Row>(
    db,
    parts(db, { companyId, ...p, departmentId: undefined }, {
      days: "report_days", months: "report_months", products: Object.values(REPORT_PRODUCT), spend: true, dayColumns: columns, monthColumns: columns,
    }),
    ["product", "memberId"], SUMS, "orders",
  );
}

/** Approvals at the level where the caller decides, as the approvals inbox's 待我审批 lists them. */
async function waitingFor(db: Kysely<Database>, companyId: number, memberId: number): Promise<{ trip: number; order: number }> {
  // The member's waiting rows (approval_inbox's waiting index), not the company's pending approvals.
  const rows = await db
    .selectFrom("approval_inbox as i")
    .innerJoin("approvals as a", "a.id", "i.approvalId")
    .select(["a.subjectType", sql<number>`count(*)`.as("n")])
    .where("i.memberId", "=", memberId)
    .where(sql<boolean>`i."waitKey" is not null`)
    .where(notIndexed(db, "a.companyId", companyId))
    .groupBy("a.subjectType")
    .execute();
  const count = (type: string) => toCount(rows.find((r) => r.subjectType === type)?.n);
  return { trip: count("trip"), order: count("order") };
}

export async function spendOverview(db: Kysely<Database>, member: Member): Promise<SpendOverview> {
  const companyId = await companyIdOf(db, member);
  if (!companyId) throw new DomainError("notFound", said("people.companyInformationWasFound"));
  const today = chinaDate(now());
  const { current, previous } = monthToDate(today);
  const [mine, before, approvals] = await Promise.all([spendOf(db, companyId, current), spendOf(db, companyId, previous), waitingFor(db, companyId, member.id)]);

  const byProduct = (rows: Row[], product: string) =>
    rows.filter((r) => r.product === product).reduce((a, r) => ({ orders: a.orders + toCount(r.orders), spendFen: a.spendFen + toCount(r.spendFen) - toCount(r.selfPayFen) }), { orders: 0, spendFen: 0 });
  const products = REPORT_TYPES.map((type) => {
    const now = byProduct(mine, REPORT_PRODUCT[type]);
    const then = byProduct(before, REPORT_PRODUCT[type]);
    return { type, orders: now.orders, spendFen: now.spendFen, previousOrders: then.orders, previousSpendFen: then.spendFen };
  });
  const sum = (rows: Row[], k: keyof Row) => rows.reduce((a, r) => a + toCount(r[k]), 0);
  const orders = sum(mine, "orders");
  const overOrders = sum(mine, "overOrders");

  // A traveller here is the employee who booked (and paid the own part of) the orders, as the
  // report's departments count them: the company's spend is known per order.
  const bookers = new Map<number, { orders: number; spendFen: number }>();
  for (const r of mine) {
    const id = toCount(r.memberId);
    const b = bookers.get(id) ?? { orders: 0, spendFen: 0 };
    bookers.set(id, { orders: b.orders + toCount(r.orders), spendFen: b.spendFen + toCount(r.spendFen) - toCount(r.selfPayFen) });
  }
  const top = [...bookers].sort(([a, x], [b, y]) => y.spendFen - x.spendFen || y.orders - x.orders || a - b).slice(0, TOP_TRAVELLERS);
  const names = top.length
    ? await db.selectFrom("members").select(["id", "realName", "mobilePhone"]).where("id", "in", top.map(([id]) => id)).execute()
    : [];
  const nameOf = (id: number) => {
    const m = names.find((n) => n.id === id);
    return m?.realName || m?.mobilePhone || String(id);
  };

  return {
    today,
    current,
    previous,
    approvals,
    products,
    total: {
      orders,
      spendFen: sum(mine, "spendFen") - sum(mine, "selfPayFen"),
      previousOrders: sum(before, "orders"),
      previousSpendFen: sum(before, "spendFen") - sum(before, "selfPayFen"),
      selfPayFen: sum(mine, "selfPayFen"),
    },
    overStandard: { orders: overOrders, ratePermille: permille(overOrders, orders), amountFen: sum(mine, "overFen") },
    topTravellers: top.map(([memberId, b]) => ({ memberId, name: nameOf(memberId), orders: b.orders, spendFen: b.spendFen })),
  };
}
