// Monthly settlement. The company side (its administrator, and the members it names to confirm):
// settings, statements, disputing lines and confirming. The operator side (the travel agency's
// back office, which is not a portal member): granting a company its credit limit, generating a
// statement on request, sending it, answering disputes and recording that it was settled. Operator
// calls carry an operator console session of a finance or administrator operator, or (until every
// caller has moved to sessions) the operator key in the x-operator-key header; without either they
// are refused. Each action writes its audit row in its own transaction (settlement/operator.ts);
// the console itself calls the same actions through its /ops/settlement/ paths.
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import { defineRoute } from "../services/http/route";
import type { AppContext } from "../services/context";
import { opsCaller, opsTokenOf } from "../ops/route";
import type { OpsSession } from "../ops/sessions";
import { BizError, RET } from "../services/http/envelope";
import { pageInput } from "../services/http/paging";
import {
  SETTLEMENT_PATHS as P, disputeInput, operatorAnswerInput, operatorCreditLimitInput, operatorGenerateInput, settingsInput, settlementSettingsInput, statementIdInput, statementListFilters,
} from "../../src/domain/settlement/schemas";
import { auditMoney } from "../audit/money";
import { companyById, companyOfMember, memberName } from "../settlement/company";
import { saveSettings, settingsView } from "../settlement/settings";
import { mayConfirm, ownCompany, statementDetail, visibleStatement } from "../settlement/caller";
import { disputeLine, lineById, moveStatement, statementRows } from "../settlement/statements";
import { operatorAnswer, operatorCreditLimit, operatorGenerate, operatorSend, operatorSettle } from "../settlement/operator";

const tags = ["settlement"];

/** Outside production a fixed demo key works, so tests and the demo can play the operator. */
export const DEMO_OPERATOR_KEY = "demo-settlement-operator-key-not-for-production";

export function operatorKeyFor(nodeEnv: string, configured: string | undefined | null): string | null {
  if (configured) return configured.length >= 32 && !(nodeEnv === "production" && configured === DEMO_OPERATOR_KEY) ? configured : null;
  return nodeEnv === "production" ? null : DEMO_OPERATOR_KEY;
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

/**
 * The operator behind a call: an operator session holding the resource (settlement: finance,
 * administrator; disruptions: ticketing, administrator), or null for a caller with the operator key. A session given but not live is
 * refused rather than tried as the key.
 */
export async function assertOperator(ctx: AppContext, req: FastifyRequest, key: string | null, resource = "settlement"): Promise<OpsSession | null> {
  if (opsTokenOf(req)) {
    const session = await opsCaller(ctx, req, resource);
    if (!session) throw new BizError(RET.UNAUTHORISED, said("ops.operatorSessionOrKeyRequired"));
    return session;
  }
  const given = req.headers["x-operator-key"];
  if (!key || typeof given !== "string" || !crypto.timingSafeEqual(digest(given), digest(key))) throw new BizError(RET.FORBIDDEN, said("routes.operatorKeyCheckFailed"));
  return null;
}

/** The operator an action is audited under: none for the key, which names nobody. */
const operatorIdOf = (by: OpsSession | null) => by?.operator.id ?? null;

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
        return statementDetail(ctx.db, input.id, "company");
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
        return statementDetail(ctx.db, line.statementId, "company");
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
        return statementDetail(ctx.db, input.id, "company");
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
        const by = await assertOperator(ctx, req, operatorKey);
        return statementDetail(ctx.db, await operatorGenerate(ctx.db, operatorIdOf(by), input.companyId), "operator");
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
        await assertOperator(ctx, req, operatorKey);
        return statementDetail(ctx.db, input.id, "operator");
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
        const by = await assertOperator(ctx, req, operatorKey);
        await operatorSend(ctx.db, operatorIdOf(by), input.id);
        return statementDetail(ctx.db, input.id, "operator");
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
        const by = await assertOperator(ctx, req, operatorKey);
        const line = await lineById(ctx.db, input.lineId);
        if (!line) throw new BizError(RET.NOT_FOUND, said("routes.statementLineFound"));
        return statementDetail(ctx.db, await operatorAnswer(ctx.db, operatorIdOf(by), input.lineId, input.decision, input.reason ?? null), "operator");
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
        await assertOperator(ctx, req, operatorKey);
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
        const by = await assertOperator(ctx, req, operatorKey);
        const company = await companyById(ctx.db, input.companyId);
        if (!company) throw new BizError(RET.NOT_FOUND, said("routes.companyFound"));
        if (!company.walletMemberId) throw new BizError(RET.CONFLICT, said("routes.companyHasNoAccountYet"));
        const line = await operatorCreditLimit(ctx.db, operatorIdOf(by), company.id, company.walletMemberId, input.creditLimitFen);
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
        const by = await assertOperator(ctx, req, operatorKey);
        await operatorSettle(ctx.db, operatorIdOf(by), input.id);
        return statementDetail(ctx.db, input.id, "operator");
      },
    }),
  ];
}


