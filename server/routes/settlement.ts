// Monthly settlement. The company side (its administrator, and the members it names to confirm):
// settings, statements, disputing lines and confirming. The operator side (the travel agency's
// back office, which is not a portal member): granting a company its credit limit, generating a
// statement on request, sending it, answering disputes and recording that it was settled. Operator calls carry the operator key
// in the x-operator-key header; without a configured key they are refused.
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { pageInput } from "../services/http/paging";
import {
  SETTLEMENT_PATHS as P, disputeInput, operatorAnswerInput, operatorCreditLimitInput, operatorGenerateInput, settingsInput, settlementSettingsInput, statementIdInput, statementListFilters,
  type StatementDetail,
} from "../../src/domain/settlement/schemas";
import { canConfirm, statementActions, type StatementAction, type StatementStatus } from "../../src/domain/settlement/states";
import { auditMoney } from "../audit/money";
import { companyById, companyOfMember, isCompanyAdmin, memberName, type CompanyRef } from "../settlement/company";
import { confirmersOf, saveSettings, settingsView } from "../settlement/settings";
import { grantCreditLimit } from "../settlement/credit";
import {
  OPERATOR_ACTOR, STATEMENT_MISSING, answerLine, disputeLine, generateNow, lineById, moveStatement, settleStatement, statementById, statementParts, statementRows,
} from "../settlement/statements";

const tags = ["settlement"];
const NO_COMPANY = said("people.companyInformationWasFound");

/** Outside production a fixed demo key works, so tests and the demo can play the operator. */
export const DEMO_OPERATOR_KEY = "demo-settlement-operator-key-not-for-production";

export function operatorKeyFor(nodeEnv: string, configured: string | undefined | null): string | null {
  if (configured) return configured.length >= 32 && !(nodeEnv === "production" && configured === DEMO_OPERATOR_KEY) ? configured : null;
  return nodeEnv === "production" ? null : DEMO_OPERATOR_KEY;
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

function assertOperator(req: FastifyRequest, key: string | null): void {
  const given = req.headers["x-operator-key"];
  if (!key || typeof given !== "string" || !crypto.timingSafeEqual(digest(given), digest(key))) throw new BizError(RET.FORBIDDEN, said("routes.operatorKeyCheckFailed"));
}

async function ownCompany(db: Kysely<Database>, member: Member, companyId?: number): Promise<CompanyRef> {
  const company = await companyOfMember(db, member);
  if (!company || (companyId !== undefined && companyId !== company.id)) throw new BizError(RET.NOT_FOUND, NO_COMPANY);
  return company;
}

/** The administrator always; employees only when the settings name them. */
async function mayConfirm(db: Kysely<Database>, member: Member, company: CompanyRef): Promise<boolean> {
  if (isCompanyAdmin(member, company)) return true;
  return (await confirmersOf(db, company.id)).includes(member.id);
}

/** A statement of the caller's company that the caller may see; anything else is "not found". */
async function visibleStatement(db: Kysely<Database>, member: Member, id: number) {
  const company = await companyOfMember(db, member);
  const s = await statementById(db, id);
  if (!company || !s || s.companyId !== company.id || !(await mayConfirm(db, member, company))) throw new BizError(RET.NOT_FOUND, STATEMENT_MISSING);
  return { company, statement: s };
}

async function detailOf(db: Kysely<Database>, id: number, by: "company" | "operator"): Promise<StatementDetail> {
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

const listInput = z.object({ ...pageInput(["periodEnd", "createTime"] as const), ...statementListFilters }).strict();
const operatorStatementInput = statementIdInput;

export function settlementRoutes(operatorKey: string | null) {
  return [
    defineRoute({
      method: "POST",
      url: P.settings,
      summary: "结算设置：结算日、授信额度（运营方核定）与已用额度、可确认对账单的成员、下一个结算日",
      tags,
      access: "settlement",
      input: settingsInput,
      handler: async ({ input, member, ctx }) => settingsView(ctx.db, await ownCompany(ctx.db, member!, input.companyId)),
    }),
    defineRoute({
      method: "POST",
      url: P.saveSettings,
      summary: "保存结算设置（结算日 1-31，月内无此日按月末；确认人须为本企业员工）。授信额度由运营方核定：creditLimitFen 不必传，传了须等于现有额度，否则拒绝",
      tags,
      access: "settlement",
      input: settlementSettingsInput,
      handler: async ({ input, member, ctx }) => saveSettings(ctx.db, member!, await ownCompany(ctx.db, member!, input.companyId), input),
    }),
    defineRoute({
      method: "POST",
      url: P.statements,
      summary: "对账单列表（分页，按状态筛选；企业管理员与指定的确认人可见）",
      tags,
      access: "settlement:statements",
      input: listInput,
      handler: async ({ input, member, ctx }) => {
        const company = await companyOfMember(ctx.db, member!);
        if (!company || !(await mayConfirm(ctx.db, member!, company))) return { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
        return statementRows(ctx.db, company.id, input);
      },
    }),
    defineRoute({
      method: "POST",
      url: P.statement,
      summary: "对账单详情：明细、部门汇总、每一步记录与当前可做的操作",
      tags,
      access: "settlement:statements",
      input: statementIdInput,
      handler: async ({ input, member, ctx }) => {
        await visibleStatement(ctx.db, member!, input.id);
        return detailOf(ctx.db, input.id, "company");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.dispute,
      summary: "对一条明细提出异议（须说明原因；对账单变为有异议）",
      tags,
      access: "settlement:statements",
      input: disputeInput,
      handler: async ({ input, member, ctx }) => {
        const line = await lineById(ctx.db, input.lineId);
        if (!line) throw new BizError(RET.NOT_FOUND, said("routes.statementLineFound"));
        await visibleStatement(ctx.db, member!, line.statementId);
        await disputeLine(ctx.db, input.lineId, input.reason, { memberId: member!.id, name: memberName(member!) });
        return detailOf(ctx.db, line.statementId, "company");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.confirm,
      summary: "确认对账单（没有待处理的异议时）",
      tags,
      access: "settlement:statements",
      input: statementIdInput,
      handler: async ({ input, member, ctx }) => {
        await visibleStatement(ctx.db, member!, input.id);
        await moveStatement(ctx.db, input.id, "confirm", { memberId: member!.id, name: memberName(member!) });
        return detailOf(ctx.db, input.id, "company");
      },
    }),
    // ---- the operator ----
    defineRoute({
      method: "POST",
      url: P.operatorGenerate,
      summary: "运营方：为企业生成截至今日的对账单（未出账的授信支付与待调整的异议）",
      tags,
      access: "public",
      input: operatorGenerateInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        return detailOf(ctx.db, await generateNow(ctx.db, input.companyId), "operator");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorDetail,
      summary: "运营方：对账单详情",
      tags,
      access: "public",
      input: operatorStatementInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        return detailOf(ctx.db, input.id, "operator");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorSend,
      summary: "运营方：把对账单发给企业确认",
      tags,
      access: "public",
      input: operatorStatementInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        await moveStatement(ctx.db, input.id, "send", OPERATOR_ACTOR);
        return detailOf(ctx.db, input.id, "operator");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorAnswer,
      summary: "运营方：答复一条异议（accept 成立：下期调整；reject 驳回：须说明理由）",
      tags,
      access: "public",
      input: operatorAnswerInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        const line = await lineById(ctx.db, input.lineId);
        if (!line) throw new BizError(RET.NOT_FOUND, said("routes.statementLineFound"));
        await answerLine(ctx.db, input.lineId, input.decision, input.reason ?? null);
        return detailOf(ctx.db, line.statementId, "operator");
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorAudit,
      summary: "运营方：资金核对（余额与流水、订单支付、授信额度、对账单、推荐收益），列出每项检查及不符的记录",
      tags,
      access: "public",
      input: z.object({}).strict(),
      handler: async ({ ctx, req }) => {
        assertOperator(req, operatorKey);
        return auditMoney(ctx.db);
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorCreditLimit,
      summary: "运营方：核定企业的授信额度（以分计，0 到 1 亿元；不能低于企业已用额度）",
      tags,
      access: "public",
      input: operatorCreditLimitInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        const company = await companyById(ctx.db, input.companyId);
        if (!company) throw new BizError(RET.NOT_FOUND, said("routes.companyFound"));
        if (!company.walletMemberId) throw new BizError(RET.CONFLICT, said("routes.companyHasNoAccountYet"));
        const line = await grantCreditLimit(ctx.db, company.walletMemberId, input.creditLimitFen);
        req.log.info({ companyId: company.id, creditLimitFen: line.limitFen }, "operator granted a credit limit");
        return { companyId: company.id, companyName: company.name, creditLimitFen: line.limitFen, creditUsedFen: line.usedFen };
      },
    }),
    defineRoute({
      method: "POST",
      url: P.operatorSettle,
      summary: "运营方：确认企业已付款，对账单结清并恢复授信额度",
      tags,
      access: "public",
      input: operatorStatementInput,
      handler: async ({ input, ctx, req }) => {
        assertOperator(req, operatorKey);
        await settleStatement(ctx.db, input.id);
        return detailOf(ctx.db, input.id, "operator");
      },
    }),
  ];
}


