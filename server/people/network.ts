// An agent's subordinates, shared by the subordinate list and booking for a subordinate.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { memberTypeKey } from "../../src/domain/member";
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

