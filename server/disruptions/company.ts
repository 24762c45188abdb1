// The travel manager's 航变行程: the company's orders a disruption touched, newest first, with the
// traveller's choice, filtered by the trip's date range, product, the traveller's name, kind and
// choice (or only whether one was made). Only the company's administrator reads it.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { companyOfMember } from "../settlement/company";
import { companyDisruptionFilters, type CompanyDisruptionRow, type DisruptionChoice, type DisruptionKind } from "../../src/domain/disruptions";

export const companyDisruptionsInput = z.object({ ...pageInput(["createTime"] as const), ...companyDisruptionFilters }).strict();
export type CompanyDisruptionsInput = z.infer<typeof companyDisruptionsInput>;

export async function companyDisruptions(db: Kysely<Database>, member: Member, input: CompanyDisruptionsInput): Promise<Page<CompanyDisruptionRow>> {
  const company = await companyOfMember(db, member);
  const empty = { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  if (!company) return empty;
  let q = db
    .selectFrom("order_disruptions as od")
    .innerJoin("disruptions as d", "d.id", "od.disruptionId")
    .innerJoin("orders as o", "o.id", "od.orderId")
    .leftJoin("members as t", "t.id", "o.travellerMemberId")
    .where("od.companyId", "=", company.id);
  if (input.kind) q = q.where("d.kind", "=", input.kind);
  if (input.status) q = q.where("od.status", "=", input.status);
  if (input.chosen) q = q.where("od.status", input.chosen === "pending" ? "=" : "<>", "pending");
  if (input.product) q = q.where("d.product", "=", input.product);
  if (input.from) q = q.where("d.date", ">=", input.from);
  if (input.to) q = q.where("d.date", "<=", input.to);
  if (input.traveller) {
    // A traveller of the order: a flight's passengers and a train's are each in their own table.
    const pattern = `%${input.traveller.replace(/[%_\\]/g, "")}%`;
    q = q.where((e) =>
      e.or([
        e("t.realName", "like", pattern),
        e.exists(e.selectFrom("order_passengers as p").select("p.id").whereRef("p.orderId", "=", "o.id").where("p.name", "like", pattern)),
        e.exists(e.selectFrom("train_order_passengers as tp").select("tp.id").whereRef("tp.orderId", "=", "o.id").where("tp.name", "like", pattern)),
      ]),
    );
  }
  const total = toCount((await q.select((e) => e.fn.countAll().as("n")).executeTakeFirst())?.n);
  const rows = await q
    .select(["od.id", "od.orderId", "o.orderNo", "o.product", "o.title", "o.contactName", "t.realName", "d.kind", "d.no", "d.date", "d.newDepTime", "od.status", "od.createTime"])
    .orderBy("od.id", input.orderType)
    .limit(input.pageSize)
    .offset(offsetOf(input))
    .execute();
  const list = rows.map(({ contactName, realName, ...r }): CompanyDisruptionRow => ({
    ...r, product: r.product as "air" | "train", kind: r.kind as DisruptionKind, status: r.status as DisruptionChoice, travellerName: realName || contactName,
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
