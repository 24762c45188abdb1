// SMS codes: the generic send and verify calls of the account centre, and the development outbox.
import type { FastifyReply, FastifyRequest } from "fastify";
import { defineRoute } from "../services/route";
import { BizError, MSG, RET } from "../services/envelope";
import type { AppContext } from "../services/context";
import { PROFILE_SCHEMAS } from "../../src/domain/profile";
import { sendCodePayloadSchema } from "../../src/domain/forms/auth";
import { type SmsPurpose } from "../services/account-db";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/account-errors";
import { memberByPhone } from "../services/account";
import { outboxFor, sendSmsCode, verifySmsCode } from "../services/sms";
import { withSuccessMessage } from "../services/reply-shape";

/** Per-IP backstop of the code sends; the real limit is one send per phone and purpose per 60 s. */
export const SMS_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
const { sendCodePayload, verifyCodePayload } = PROFILE_SCHEMAS.zh;

/** Sends a code and answers 短信验证码已发送 with when it expires and when to resend. */
export async function sendCodeReply(ctx: AppContext, reply: FastifyReply, mobilePhone: string, purpose: SmsPurpose, req?: FastifyRequest) {
  const sent = await sendSmsCode(ctx.db, mobilePhone, purpose);
  // Development convenience (DESIGN §5): the code is in the log as well as in the outbox.
  if (ctx.nodeEnv !== "production") req?.log.info({ mobilePhone, purpose, code: sent.code }, "sms code sent to the outbox");
  withSuccessMessage(reply, ACCOUNT_MSG.smsSent);
  return { mobilePhone, expiresAt: sent.expiresAt, resendAfter: sent.resendAfter };
}

export const smsRoutes = [
  defineRoute({
    method: "POST",
    url: "/common/sendCode",
    summary: "发送短信验证码（type：register|reset|login|verify|paypwd）",
    tags: ["sms"],
    access: "public",
    input: sendCodePayload,
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, member, ctx, reply, req }) => {
      const existing = await memberByPhone(ctx.db, input.mobilePhone);
      if (input.type === "register" && existing) throw accountError(ACCOUNT_RET.PHONE_REGISTERED, ACCOUNT_MSG.phoneRegistered);
      if ((input.type === "reset" || input.type === "login" || input.type === "paypwd") && !existing) {
        throw accountError(ACCOUNT_RET.PHONE_UNKNOWN, ACCOUNT_MSG.phoneUnknown);
      }
      // A pay-password code goes only to the signed-in member's own phone.
      if (input.type === "paypwd") {
        if (!member) throw new BizError(RET.UNAUTHORISED, MSG.sessionExpired);
        if (member.mobilePhone !== input.mobilePhone) throw accountError(ACCOUNT_RET.NOT_OWN_PHONE, ACCOUNT_MSG.notOwnPhone);
      }
      return sendCodeReply(ctx, reply, input.mobilePhone, input.type, req);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/common/verifyCode",
    summary: "校验短信验证码（不消耗：之后的提交仍可使用同一验证码；错误计入5次上限）",
    tags: ["sms"],
    access: "public",
    input: verifyCodePayload,
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, ctx }) => {
      // Marks the code verified but leaves it usable: step 1 of the reset flow ("verify account")
      // checks it here, step 2 (/updatePswd) consumes it.
      await verifySmsCode(ctx.db, input.mobilePhone, input.type, input.code);
      return { verified: true };
    },
  }),
];

/** GET /api/dev/sms-outbox — registered only outside production (see buildApp). */
export const devRoutes = [
  defineRoute({
    method: "GET",
    url: "/dev/sms-outbox",
    summary: "开发环境短信发件箱（最近10条，仅非生产环境）",
    tags: ["dev"],
    access: "public",
    input: sendCodePayloadSchema.strict(),
    handler: async ({ input, ctx }) => outboxFor(ctx.db, input.mobilePhone),
  }),
];

export function devRoutesFor(nodeEnv: string) {
  return nodeEnv === "production" ? [] : devRoutes;
}
