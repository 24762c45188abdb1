// SMS codes: the generic send and verify calls of the account centre.
import type { FastifyReply, FastifyRequest } from "fastify";
import { defineRoute } from "../services/http/route";
import { BizError, MSG, RET } from "../services/http/envelope";
import type { AppContext } from "../services/context";
import { OWN_PHONE_SMS_TYPES, PROFILE_SCHEMAS } from "../../src/domain/profile";
import { type SmsPurpose } from "../services/accounts/db";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/accounts/errors";
import { memberByPhone } from "../services/accounts/members";
import { sendSmsCode, verifySmsCode } from "../services/accounts/sms";
import { takeQuota, throttleKey } from "../services/accounts/throttle";
import { withSuccessMessage } from "../services/http/reply-shape";

/** Per-IP backstop of the code sends; the real limit is one send per phone and purpose per 60 s. */
export const SMS_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
/**
 * Registration steps (register codes and sign-ups) per client address, shared by every server
 * process: registering tells whether a phone is taken, so it must not become a fast lookup.
 */
export const REGISTER_QUOTA = { max: 20, windowMs: 60 * 60 * 1000 };
const { sendCodePayload, verifyCodePayload } = PROFILE_SCHEMAS.zh;

export async function takeRegisterQuota(ctx: AppContext, address: string): Promise<void> {
  if (!(await takeQuota(ctx.db, throttleKey("register", address), REGISTER_QUOTA))) {
    throw accountError(ACCOUNT_RET.REGISTER_TOO_OFTEN, ACCOUNT_MSG.registerTooOften);
  }
}

/**
 * Sends a code and answers with when it expires and when to resend. `registered: false` (a
 * login or reset code for a phone nobody has) records the send without delivering it, and the
 * reply is the same either way, so the answer does not tell who is registered.
 */
export async function sendCodeReply(
  ctx: AppContext,
  reply: FastifyReply,
  mobilePhone: string,
  purpose: SmsPurpose,
  req: FastifyRequest,
  options: { registered?: boolean; sameForUnregistered?: boolean } = {},
) {
  const sent = await sendSmsCode(ctx.db, mobilePhone, purpose, { deliver: options.registered ?? true, log: req.log });
  withSuccessMessage(reply, options.sameForUnregistered ? ACCOUNT_MSG.smsSentIfRegistered : ACCOUNT_MSG.smsSent);
  return { mobilePhone, expiresAt: sent.expiresAt, resendAfter: sent.resendAfter };
}

export const smsRoutes = [
  defineRoute({
    method: "POST",
    url: "/common/sendCode",
    summary: "发送短信验证码（type：register|reset|login|verify|paypwd|bindBankCard；paypwd、bindBankCard 只发往本人手机；register、login、reset 不论是否注册应答相同）",
    tags: ["sms"],
    access: "public",
    input: sendCodePayload,
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, member, ctx, reply, req }) => {
      // A pay-password or card-binding code goes only to the signed-in member's own phone.
      if (OWN_PHONE_SMS_TYPES.includes(input.type)) {
        if (!member) throw new BizError(RET.UNAUTHORISED, MSG.sessionExpired);
        if (member.mobilePhone !== input.mobilePhone) throw accountError(ACCOUNT_RET.NOT_OWN_PHONE, ACCOUNT_MSG.notOwnPhone);
      }
      if (input.type === "register") await takeRegisterQuota(ctx, req.ip);
      // A register code is sent and answered alike whether or not the phone is taken: only the
      // phone's owner reads the code, and the register step says 已注册 once the code is proven.
      if (input.type === "register") return sendCodeReply(ctx, reply, input.mobilePhone, input.type, req);
      const existing = await memberByPhone(ctx.db, input.mobilePhone);
      if (input.type === "login" || input.type === "reset") {
        return sendCodeReply(ctx, reply, input.mobilePhone, input.type, req, { registered: Boolean(existing), sameForUnregistered: true });
      }
      return sendCodeReply(ctx, reply, input.mobilePhone, input.type, req);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/common/verifyCode",
    summary: "校验短信验证码（不消耗：之后的提交仍可使用同一验证码；每个地址错误5次后该验证码对其失效）",
    tags: ["sms"],
    access: "public",
    input: verifyCodePayload,
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, member, ctx, req }) => {
      // Pay-password and card-binding codes are checked only by their owner, like they are sent.
      if (OWN_PHONE_SMS_TYPES.includes(input.type) && member?.mobilePhone !== input.mobilePhone) {
        if (!member) throw new BizError(RET.UNAUTHORISED, MSG.sessionExpired);
        throw accountError(ACCOUNT_RET.NOT_OWN_PHONE, ACCOUNT_MSG.notOwnPhone);
      }
      // Marks the code verified but leaves it usable: step 1 of the reset flow ("verify account")
      // checks it here, step 2 (/updatePswd) consumes it.
      await verifySmsCode(ctx.db, input.mobilePhone, input.type, input.code, req.ip);
      return { verified: true };
    },
  }),
];
