// The operator console's 航变登记 list: every recorded disruption, newest first, with how many
// orders it flagged and how many of their travellers have accepted, changed, refunded or not yet
// chosen. One page of disruptions, then the counts of that page's flags in one grouped query.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import type { DisruptionChoice, DisruptionKind, OpsDisruptionListInput, OpsDisruptionRow } from "../../src/domain/disruptions";
import type { OpsPage } from "../../src/domain/ops/schemas";

export async function opsDisruptionPage(db: Kysely<Database>, f: OpsDisruptionListInput): Promise<OpsPage<OpsDisruptionRow>> {
  let q = db.selectFrom("disruptions");
  if (f.product) q = q.where("product", "=", f.product);
  if (f.no) q = q.where("no", "=", f.no.toUpperCase());
  if (f.from) q = q.where("date", ">=", f.from);
  if (f.to) q = q.where("date", "<=", f.to);
  const total = toCount((await q.select((e) => e.fn.countAll().as("n")).executeTakeFirst())?.n);
  const rows = await q
    .select(["id", "kind", "product", "no", "date", "oldDepTime", "newDepTime", "newArrTime", "reason", "createdBy", "createTime"])
    .orderBy("id", "desc")
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute();
  const counts = new Map<number, Record<DisruptionChoice, number>>();
  if (rows.length) {
    const grouped = await db
      .selectFrom("order_disruptions")
      .select(["disruptionId", "status", (e) => e.fn.countAll().as("n")])
      .where("disruptionId", "in", rows.map((r) => r.id))
      .groupBy(["disruptionId", "status"])
      .execute();
    for (const g of grouped) {
      const c = counts.get(g.disruptionId) ?? { pending: 0, accepted: 0, changed: 0, refunded: 0 };
      c[g.status as DisruptionChoice] = toCount(g.n);
      counts.set(g.disruptionId, c);
    }
  }
  const list = rows.map((r): OpsDisruptionRow => {
    const c = counts.get(r.id) ?? { pending: 0, accepted: 0, changed: 0, refunded: 0 };
    return {
      ...r, kind: r.kind as DisruptionKind, product: r.product as "air" | "train",
      orders: c.pending + c.accepted + c.changed + c.refunded, pending: c.pending, accepted: c.accepted, changed: c.changed, refunded: c.refunded,
    };
  });
  return { list, total, pageNum: f.pageNum, pageSize: f.pageSize };
}
