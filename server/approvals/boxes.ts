// What an approvals box reads, and in which order. A member's own boxes (待审批, 我已审批, and an
// employee's 全部) read their rows of approval_inbox, one per approval they are assigned to or
// decided, through the index of that box in the order it is shown: 待审批 nearest deadline first
// (waitKey), the others latest change first. The administrator's 全部 is the company's, latest
// change first. The approval's own columns (company, status, type, keyword) filter the rows so
// read; they are kept off the approvals' indexes, whose ranges are the company's or every
// company's rather than the member's. Another order asked for through the API (the screen has
// none) sorts the member's range: a box's rows, not the company's.
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema";
import { notIndexed } from "../people/search";
import type { CompanyCaller } from "../policy/company";
import type { ApprovalStatus } from "../../src/domain/approval";
import type { SubjectType } from "../../src/domain/policy";

export interface BoxInput {
  box: "todo" | "done" | "all";
  subjectType?: SubjectType;
  status?: ApprovalStatus;
  /** A LIKE pattern of the keyword, if any. */
  pattern?: string | null;
  orderBy?: "deadline" | "submitTime" | "updateTime";
  orderType: "asc" | "desc";
}

/** The nearer of the fare's and the level's deadline, as SQL both dialects read alike. */
const DEADLINE = sql<string | null>`case when a."fareDeadline" is not null and (a."levelDeadline" is null or a."fareDeadline" < a."levelDeadline") then a."fareDeadline" else a."levelDeadline" end`;

type Approvals = SelectQueryBuilder<Database & { a: Database["approvals"]; i: Database["approval_inbox"] }, "a" | "i", object>;

export interface BoxQuery {
  query: Approvals;
  column: ReturnType<typeof sql.ref> | typeof DEADLINE;
  tieBreak: "a.id" | "i.approvalId";
  dir: "asc" | "desc";
  /**
   * Whether nulls are asked to sort last: only for a column that may be null. An index column
   * that never is (the range's waitKey, an update time) is walked as it is, either way.
   */
  nullsLast: boolean;
}

export function boxQuery(db: Kysely<Database>, me: CompanyCaller, input: BoxInput): BoxQuery {
  const own = input.box !== "all" || !me.isAdmin;
  let query = (
    own
      ? db
          .selectFrom("approval_inbox as i")
          .innerJoin("approvals as a", "a.id", "i.approvalId")
          .where("i.memberId", "=", me.member.id)
          // Literals: each box's index holds only its rows, and a planner matches a literal to it.
          .where(input.box === "todo" ? sql<boolean>`i."waitKey" is not null` : input.box === "done" ? sql<boolean>`i.decided = 1` : sql<boolean>`i.assigned = 1`)
          .where(notIndexed(db, "a.companyId", me.companyId))
      : db.selectFrom("approvals as a").where("a.companyId", "=", me.companyId)
  ) as Approvals;
  query = query.where("a.status", "<>", "draft");
  if (input.subjectType) query = query.where(notIndexed(db, "a.subjectType", input.subjectType));
  if (input.status) query = query.where("a.status", "=", input.status);
  const pattern = input.pattern;
  if (pattern) query = query.where((eb) => eb.or([eb("a.title", "like", pattern), eb("a.applicantName", "like", pattern)]));

  // The waiting box counts down: nearest deadline first unless another order is asked for.
  const orderBy = input.orderBy ?? (input.box === "todo" ? "deadline" : "updateTime");
  const dir = input.orderBy ? input.orderType : orderBy === "deadline" ? "asc" : "desc";
  if (own && input.box === "todo" && orderBy === "deadline" && dir === "asc") return { query, column: sql.ref("i.waitKey"), tieBreak: "i.approvalId", dir, nullsLast: false };
  if (own && orderBy === "updateTime") return { query, column: sql.ref("i.updateTime"), tieBreak: "i.approvalId", dir, nullsLast: false };
  const column = orderBy === "deadline" ? DEADLINE : orderBy === "submitTime" ? sql.ref("a.submitTime") : sql.ref("a.updateTime");
  return { query, column, tieBreak: "a.id", dir, nullsLast: orderBy !== "updateTime" };
}
