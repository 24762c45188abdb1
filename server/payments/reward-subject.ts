// Whose order earns a referrer its rewards. An order is the traveller's when it names one (an
// agent's quick order for a subordinate, a replace-booking for a colleague), else its booker's:
// the first of the two who was recommended by someone else earns that someone the rewards. So
// an agent who books for the member it recommended still earns from that member's order.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface RewardSubject {
  buyer: { id: number; realName: string | null; mobilePhone: string };
  referrer: { id: number; memberType: string; creditMemberId: number; creditEmployeeId: number };
}

export async function rewardSubjectOf(db: Kysely<Database>, order: { memberId: number; travellerMemberId: number | null }): Promise<RewardSubject | null> {
  const candidates = [...new Set([order.travellerMemberId, order.memberId].filter((x): x is number => typeof x === "number" && x > 0))];
  for (const id of candidates) {
    const buyer = await db.selectFrom("members").select(["id", "referrerId", "realName", "mobilePhone"]).where("id", "=", id).executeTakeFirst();
    if (!buyer?.referrerId || buyer.referrerId === buyer.id) continue;
    const referrer = await db.selectFrom("members").select(["id", "memberType", "creditMemberId", "creditEmployeeId"]).where("id", "=", buyer.referrerId).executeTakeFirst();
    if (referrer) return { buyer, referrer };
  }
  return null;
}
