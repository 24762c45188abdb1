// The member network: an agent's subordinates, shared by the subordinate list and booking for a
// subordinate, and the members a member recommended (registered with it as referrer).
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { BILL_PRODUCTS } from "../../src/domain/bills";
import { memberTypeKey } from "../../src/domain/member";
import { maskMobile } from "../../src/domain/people/certificates";
import type { RecommendedRow, SubordinateRow } from "../../src/domain/people/network";
import { subordinateTypesOf } from "../../src/domain/people/network-paths";
import { notIndexed } from "./search";

/** The members an agent may act for: recruited by it (referrer) and of a lower type, see subordinateTypesOf. */
export function subordinatesOf(db: Kysely<Database>, agent: Member) {
  const types = subordinateTypesOf(memberTypeKey(agent));
  return db
    .selectFrom("members")
    .where("members.referrerId", "=", agent.id)
    .where("members.memberType", "in", types.length ? types : ["-"])
    // Nearly every member has no employee record: the agent's referrals lead, not that index.
    .where(notIndexed(db, "members.creditEmployeeId", 0))
    .where("members.creditMemberId", "=", 0);
}


type MemberFacts = Pick<Member, "id" | "realName" | "mobilePhone" | "memberType" | "creditMemberId" | "creditEmployeeId" | "createTime">;
const MEMBER_COLUMNS = ["members.id", "members.realName", "members.mobilePhone", "members.memberType", "members.creditMemberId", "members.creditEmployeeId", "members.createTime"] as const;
const recommendedRow = (m: MemberFacts): RecommendedRow => ({
  id: m.id, realName: m.realName, mobilePhone: maskMobile(m.mobilePhone), memberType: memberTypeKey(m), createTime: m.createTime,
});

const recommendedOf = (db: Kysely<Database>, memberId: number) => db.selectFrom("members").where("members.referrerId", "=", memberId);

export async function recommendedCount(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await recommendedOf(db, memberId).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(row?.n);
}

/** A page of the members the member recommended, newest first. */
export async function recommendedPage(db: Kysely<Database>, memberId: number, input: { pageNum: number; pageSize: number; orderType: "asc" | "desc" }): Promise<Page<RecommendedRow>> {
  const q = recommendedOf(db, memberId);
  const [rows, total] = await Promise.all([
    q.select([...MEMBER_COLUMNS]).orderBy("members.createTime", input.orderType).orderBy("members.id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
    recommendedCount(db, memberId),
  ]);
  return { list: rows.map(recommendedRow), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

const ORDER_COLUMNS = { createTime: "members.createTime", realName: "members.realName" } as const;

/** What the subordinate list is asked for. */
export interface SubordinateListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "realName";
  orderType: "asc" | "desc";
  keyword?: string;
  id?: number;
}

/** A page of the agent's subordinates, each with its order count. */
export async function subordinatePage(db: Kysely<Database>, agent: Member, input: SubordinateListQuery): Promise<Page<SubordinateRow>> {
  let q = subordinatesOf(db, agent);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where((eb) => eb.or([eb("members.realName", "like", pattern), eb("members.mobilePhone", "like", pattern)]));
  if (input.id !== undefined) q = q.where("members.id", "=", input.id);
  const [rows, count] = await Promise.all([
    q
      .select([...MEMBER_COLUMNS, "members.status"])
      // The orders of a trip a subordinate placed, and those an agent booked for it (its wallet
      // recharges are not orders here): its own orders, plus those it travels on placed by
      // someone else, each counted off an index of its own (an OR of the two read every order).
      .select((eb) =>
        eb(
          eb.selectFrom("orders").select((o) => o.fn.countAll().as("n")).where("orders.product", "in", [...BILL_PRODUCTS]).whereRef("orders.memberId", "=", "members.id"),
          "+",
          eb
            .selectFrom("orders")
            .select((o) => o.fn.countAll().as("n"))
            .where("orders.product", "in", [...BILL_PRODUCTS])
            .whereRef("orders.travellerMemberId", "=", "members.id")
            .whereRef("orders.memberId", "<>", "members.id"),
        ).as("orderCount"),
      )
      .orderBy(ORDER_COLUMNS[input.orderBy ?? "createTime"], input.orderType)
      .orderBy("members.id", input.orderType)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({ ...recommendedRow(r), status: r.status, orderCount: toCount(r.orderCount) })),
    total: toCount(count?.n),
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
