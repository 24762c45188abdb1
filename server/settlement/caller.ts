// The settlement caller's reach: the caller's own company, whether they may confirm statements,
// the statements they may see (anything else answers as not found), and a statement's detail with
// the actions open to the side asking.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import type { StatementDetail } from "../../src/domain/settlement/schemas";
import { canConfirm, statementActions, type StatementAction, type StatementStatus } from "../../src/domain/settlement/states";
import { companyById, companyOfMember, isCompanyAdmin, type CompanyRef } from "./company";
import { confirmersOf } from "./settings";
import { STATEMENT_MISSING, statementById, statementParts } from "./statements";

const NO_COMPANY = said("people.companyInformationWasFound");

export async function ownCompany(db: Kysely<Database>, member: Member, companyId?: number): Promise<CompanyRef> {
  const company = await companyOfMember(db, member);
  if (!company || (companyId !== undefined && companyId !== company.id)) throw new BizError(RET.NOT_FOUND, NO_COMPANY);
  return company;
}

/** The administrator always; employees only when the settings name them. */
export async function mayConfirm(db: Kysely<Database>, member: Member, company: CompanyRef): Promise<boolean> {
  if (isCompanyAdmin(member, company)) return true;
  return (await confirmersOf(db, company.id)).includes(member.id);
}

/** A statement of the caller's company that the caller may see; anything else is "not found". */
export async function visibleStatement(db: Kysely<Database>, member: Member, id: number) {
  const company = await companyOfMember(db, member);
  const s = await statementById(db, id);
  if (!company || !s || s.companyId !== company.id || !(await mayConfirm(db, member, company))) throw new BizError(RET.NOT_FOUND, STATEMENT_MISSING);
  return { company, statement: s };
}

/** A statement with its lines, department totals, history and the actions open to the side asking. */
export async function statementDetail(db: Kysely<Database>, id: number, by: "company" | "operator"): Promise<StatementDetail> {
  const s = await statementById(db, id);
  if (!s) throw new BizError(RET.NOT_FOUND, STATEMENT_MISSING);
  const company = await companyById(db, s.companyId);
  const parts = await statementParts(db, id);
  const actions: StatementAction[] = statementActions(s.status, by).filter((a) => a !== "confirm" || canConfirm(s.status, parts.lines.map((l) => l.disputeStatus)));
  return {
    id: s.id, statementNo: s.statementNo, periodStart: s.periodStart, periodEnd: s.periodEnd, status: s.status as StatementStatus, lineCount: s.lineCount,
    amountFen: s.amountFen, serviceFeeFen: s.serviceFeeFen, adjustmentFen: s.adjustmentFen, totalFen: s.totalFen, createTime: s.createTime,
    companyName: company?.name ?? "", openDisputes: parts.openDisputes, lines: parts.lines, departments: parts.departments, events: parts.events, actions,
  };
}
