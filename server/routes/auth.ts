// Sign-in, registration, password reset and sign-out (spec §7 "Login and account calls").
// Every failure answers a plain Chinese msg and writes nothing but the anti-guessing counters
// (wrong passwords, wrong SMS codes), which must survive the failed request.
import { z } from "zod";
import { defineRoute } from "../services/route";
import {
  accountLoginPayloadSchema, mobileLoginPayloadSchema, registerPayloadSchema, resetPayloadSchema, sendCodePayloadSchema,
} from "../../src/domain/forms/auth";
import { hashPassword, verifyPassword } from "../services/passwords";
import { createSession, revokeMemberSessions, revokeSession } from "../services/sessions";
import { isUniqueViolation } from "../services/account-db";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/account-errors";
import { assertNotLocked, clearFailures, recordFailure, throttleKey } from "../services/login-throttle";
import { consumeSmsCode, verifySmsCode } from "../services/sms";
import { assertActive, loginReply, memberByAccount, memberByPhone, requireMemberByPhone } from "../services/account";
import { isoAt } from "../services/clock";
import { SMS_RATE_LIMIT, sendCodeReply } from "./sms";

/** Per-IP backstop of the sign-in calls; the real limit is the per-account throttle. */
export const LOGIN_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export const authRoutes = [
  defineRoute({
    method: "POST",
    url: "/login/appNewLogin",
    summary: "账号密码登录（账号为手机号或账号名，密码为MD5）",
    tags: ["auth"],
    access: "public",
    input: accountLoginPayloadSchema.strict(),
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx }) => {
      const adb = ctx.db;
      const member = await memberByAccount(ctx.db, input.mobilePhone);
      const key = throttleKey(member?.id ?? null, input.mobilePhone);
      await assertNotLocked(adb, key);
      // An unknown account is answered like a wrong password, so accounts cannot be probed.
      if (!member || !(await verifyPassword(input.loginPsw, member.passwordHash))) return recordFailure(adb, key);
      assertActive(member);
      await clearFailures(adb, key);
      const token = await createSession(ctx.db, member.id);
      return loginReply(ctx.db, member.id, token);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/login/appNewLoginPhoneCode",
    summary: "发送登录短信验证码",
    tags: ["auth"],
    access: "public",
    input: sendCodePayloadSchema.strict(),
    rateLimit: SMS_RATE_LIMIT,
    handler: async ({ input, ctx, reply, req }) => {
      assertActive(await requireMemberByPhone(ctx.db, input.mobilePhone));
      return sendCodeReply(ctx, reply, input.mobilePhone, "login", req);
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
    handler: async ({ input, ctx }) => {
      const member = await requireMemberByPhone(ctx.db, input.mobilePhone);
      assertActive(member);
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "login", input.code);
      const token = await ctx.db.transaction().execute(async (trx) => {
        await consumeSmsCode(trx, code.id);
        // Proving the phone also lifts a password lock: this is the way back in.
        await clearFailures(trx, throttleKey(member.id, input.mobilePhone));
        return createSession(trx, member.id);
      });
      return loginReply(ctx.db, member.id, token);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/register/appRegisterSave",
    summary: "注册（个人会员，注册后即登录）",
    tags: ["auth"],
    access: "public",
    input: registerPayloadSchema.strict(),
    rateLimit: LOGIN_RATE_LIMIT,
    handler: async ({ input, ctx }) => {
      if (await memberByPhone(ctx.db, input.mobilePhone)) throw accountError(ACCOUNT_RET.PHONE_REGISTERED, ACCOUNT_MSG.phoneRegistered);
      let referrerId: number | null = null;
      if (input.refermobilephone) {
        const referrer = await memberByPhone(ctx.db, input.refermobilephone);
        if (!referrer) throw accountError(ACCOUNT_RET.REFERRER_UNKNOWN, ACCOUNT_MSG.referrerUnknown);
        referrerId = referrer.id;
      }
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "register", input.code);
      const passwordHash = await hashPassword(input.loginPwd);
      const time = isoAt();
      try {
        const { memberId, token } = await ctx.db.transaction().execute(async (trx) => {
          await consumeSmsCode(trx, code.id);
          const row = await trx
            .insertInto("members")
            .values({
              memberType: "10",
              memberLevel: 1,
              status: 1,
              mobilePhone: input.mobilePhone,
              account: input.mobilePhone,
              username: input.mobilePhone,
              passwordHash,
              referrerId,
              createTime: time,
              updateTime: time,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          return { memberId: row.id, token: await createSession(trx, row.id) };
        });
        return loginReply(ctx.db, memberId, token);
      } catch (e) {
        // Two registrations of one phone at once: the loser is told to log in.
        if (isUniqueViolation(e)) throw accountError(ACCOUNT_RET.PHONE_REGISTERED, ACCOUNT_MSG.phoneRegistered);
        throw e;
      }
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
    handler: async ({ input, ctx }) => {
      const member = await requireMemberByPhone(ctx.db, input.mobilePhone);
      const code = await verifySmsCode(ctx.db, input.mobilePhone, "reset", input.smsCode);
      const passwordHash = await hashPassword(input.pswd);
      await ctx.db.transaction().execute(async (trx) => {
        await consumeSmsCode(trx, code.id);
        await trx.updateTable("members").set({ passwordHash, updateTime: isoAt() }).where("id", "=", member.id).execute();
        await revokeMemberSessions(trx, member.id);
        await clearFailures(trx, throttleKey(member.id, input.mobilePhone));
      });
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
