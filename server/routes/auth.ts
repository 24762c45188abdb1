// Sign-in, registration, password reset and sign-out (the login and account calls of the API).
// Every failure answers a plain Chinese msg and writes nothing but the anti-guessing counters
// (wrong passwords, wrong SMS codes), which must survive the failed request. Login and reset by
// SMS answer alike whether or not the phone is registered.
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import {
  accountLoginPayloadSchema, mobileLoginPayloadSchema, registerPayloadSchema, resetPayloadSchema, sendCodePayloadSchema,
} from "../../src/domain/forms/auth";
import { zOptionalString, zText } from "../../src/domain/zod";
import { lazyOf } from "../services/i18n/text";
import { hashPassword } from "../services/accounts/passwords";
import { revokeSession } from "../services/accounts/sessions";
import { registerMember, resetPassword, signInWithCode, signInWithPassword } from "../services/accounts/member-writes";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/accounts/errors";
import { accountOf, captchaNeeded, guardedCheck, signInKeys, verifyMemberPassword } from "../services/accounts/password-guard";
import { verifySmsCode } from "../services/accounts/sms";
import { checkCaptcha } from "../services/accounts/captcha";
import { assertActive, assertCompanyActive, loginReply, memberByAccount, memberByPhone, requireMemberByPhone } from "../services/accounts/members";
import { SMS_RATE_LIMIT, sendCodeReply, takeRegisterQuota } from "./sms";

/** Per-IP backstop of the sign-in calls; the real limit is the per-account throttle. */
export const LOGIN_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** The account login payload plus the server-issued captcha: its id and the typed answer. */
const accountLoginInput = accountLoginPayloadSchema
  .safeExtend({
    captchaId: zOptionalString(zText({ max: 64, error: lazyOf(ACCOUNT_MSG.captchaWrong) }), lazyOf(ACCOUNT_MSG.captchaWrong)),
    accCode: zOptionalString(zText({ max: 16, error: lazyOf(ACCOUNT_MSG.captchaWrong) }), lazyOf(ACCOUNT_MSG.captchaWrong)),
  })
  .strict();

export const authRoutes = [
  defineRoute({
    method: "POST",
    url: "/login/appNewLogin",
    summary: "账号密码登录（账号为手机号或账号名，密码为MD5；captchaId+accCode 为图形验证码，账号或地址近期有错误时必填）",
    tags: ["auth"],
    access: "public",
    input: accountLoginInput,
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx, req }) => {
      const member = await memberByAccount(ctx.db, input.mobilePhone);
      const account = accountOf(member?.id ?? null, input.mobilePhone);
      // A given captcha is checked (and used up) before anything else; a wrong one ends here.
      if (input.captchaId !== undefined || input.accCode !== undefined) {
        const outcome = await checkCaptcha(ctx.db, input, ctx.nodeEnv);
        if (outcome === "missing") throw accountError(ACCOUNT_RET.CAPTCHA_REQUIRED, ACCOUNT_MSG.captchaRequired);
        if (outcome === "wrong") throw accountError(ACCOUNT_RET.CAPTCHA_WRONG, ACCOUNT_MSG.captchaWrong);
      } else if (await captchaNeeded(ctx.db, account, req.ip)) {
        throw accountError(ACCOUNT_RET.CAPTCHA_REQUIRED, ACCOUNT_MSG.captchaRequired);
      }
      // An unknown account is answered (and timed) like a wrong password, so accounts cannot be probed.
      await guardedCheck(ctx.db, signInKeys(account, req.ip), () => verifyMemberPassword(input.loginPsw, member?.passwordHash));
      assertActive(member!);
      await assertCompanyActive(ctx.db, member!);
      const token = await signInWithPassword(ctx.db, member!.id, req.headers["user-agent"]);
      return loginReply(ctx.db, member!.id, token);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/login/appNewLoginPhoneCode",
    summary: "发送登录短信验证码（不论手机号是否注册，应答相同；仅已注册的手机号会收到短信）",
    tags: ["auth"],
    access: "public",
    input: sendCodePayloadSchema.strict(),
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, ctx, reply, req }) => {
      const member = await memberByPhone(ctx.db, input.mobilePhone);
      return sendCodeReply(ctx, reply, input.mobilePhone, "login", req, { registered: Boolean(member), sameForUnregistered: true });
    },
  }),
  defineRoute({
    method: "POST",
    url: "/login/appNewLoginMobile",
    summary: "手机号+短信验证码登录",
    tags: ["auth"],
    access: "public",
    input: mobileLoginPayloadSchema.strict(),
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx, req }) => {
      // The code first: an unregistered phone fails here exactly like a registered one.
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "login", input.code, req.ip);
      const member = await requireMemberByPhone(ctx.db, input.mobilePhone);
      assertActive(member);
      await assertCompanyActive(ctx.db, member);
      const token = await signInWithCode(ctx.db, member.id, code.id, req.ip, req.headers["user-agent"]);
      return loginReply(ctx.db, member.id, token);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/register/appRegisterSave",
    summary: "注册（个人会员，注册后即登录；每个地址每小时有次数上限）",
    tags: ["auth"],
    access: "public",
    input: registerPayloadSchema.strict(),
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx, req }) => {
      await takeRegisterQuota(ctx, req.ip);
      // The code first: whether this phone (or the referrer's) is registered is told only to
      // whoever proved they hold the phone.
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "register", input.code, req.ip);
      if (await memberByPhone(ctx.db, input.mobilePhone)) throw accountError(ACCOUNT_RET.PHONE_REGISTERED, ACCOUNT_MSG.phoneRegistered);
      let referrerId: number | null = null;
      if (input.refermobilephone) {
        const referrer = await memberByPhone(ctx.db, input.refermobilephone);
        if (!referrer) throw accountError(ACCOUNT_RET.REFERRER_UNKNOWN, ACCOUNT_MSG.referrerUnknown);
        referrerId = referrer.id;
      }
      const passwordHash = await hashPassword(input.loginPwd);
      const { memberId, token } = await registerMember(ctx.db, { codeId: code.id, mobilePhone: input.mobilePhone, passwordHash, referrerId });
      return loginReply(ctx.db, memberId, token);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/updatePswd",
    summary: "找回密码：短信验证后重置登录密码（所有登录失效）",
    tags: ["auth"],
    access: "public",
    input: resetPayloadSchema.strict(),
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx, req }) => {
      // The code first, as for the mobile login: no answer tells an unregistered phone apart.
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "reset", input.smsCode, req.ip);
      const member = await requireMemberByPhone(ctx.db, input.mobilePhone);
      const passwordHash = await hashPassword(input.pswd);
      await resetPassword(ctx.db, member.id, code.id, passwordHash, req.ip);
      return { mobilePhone: member.mobilePhone };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/login/appLogout",
    summary: "退出登录（当前令牌失效）",
    tags: ["auth"],
    access: "member",
    input: z.object({}).strict(),
    handler: async ({ token, ctx }) => {
      await revokeSession(ctx.db, token!);
      return null;
    },
  }),
];
