// The travel manager's 航变行程: the company's orders a disruption touched, newest first, with the
// traveller's choice, filtered by kind and choice. Only the company's administrator reads it.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { companyOfMember } from "../settlement/company";
import { DISRUPTION_CHOICES, DISRUPTION_KINDS, type CompanyDisruptionRow, type DisruptionChoice, type DisruptionKind } from "../../src/domain/disruptions";

export const companyDisruptionsInput = z
  .object({ ...pageInput(["createTime"] as const), kind: z.enum(DISRUPTION_KINDS).optional(), status: z.enum(DISRUPTION_CHOICES).optional() })
  .strict();
export type CompanyDisruptionsInput = z.infer<typeof companyDisruptionsInput>;

export async function companyDisruptions(db: Kysely<Database>, member: Member, input: CompanyDisruptionsInput): Promise<Page<CompanyDisruptionRow>> {
  const company = await companyOfMember(db, member);
  const empty = { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  if (!company) return empty;
  let q = db
    .selectFrom("order_disruptions as od")
    .innerJoin("disruptions as d", "d.id", "od.disruptionId")
    .innerJoin("orders as o", "o.id", "od.orderId")
    .where("od.companyId", "=", company.id);
  if (input.kind) q = q.where("d.kind", "=", input.kind);
  if (input.status) q = q.where("od.status", "=", input.status);
  const total = toCount((await q.select((e) => e.fn.countAll().as("n")).executeTakeFirst())?.n);
  const rows = await q
    .leftJoin("members as t", "t.id", "o.travellerMemberId")
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
