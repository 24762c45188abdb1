// The signed-in member's own account: info, passwords, pay password, profile, photo.
import { said } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { PROFILE_SCHEMAS } from "../../src/domain/profile";
import { hashPassword, verifyPassword } from "../services/accounts/passwords";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/accounts/errors";
import { LOGIN_REFUSAL, accountOf, guardedCheck, signInKeys } from "../services/accounts/password-guard";
import { verifySmsCode } from "../services/accounts/sms";
import { memberInfo, memberInfoEx } from "../services/accounts/member-view";
import { changePassword, setPayPassword, updateProfile } from "../services/accounts/member-writes";
import { loadFile, savePhoto } from "../services/accounts/photos";
import { withBytes } from "../services/http/reply-shape";
import { IN_YUAN } from "../../src/domain/money";

const { changePasswordPayload, payPasswordPayload, memberUpdatePayload, photoUploadPayload } = PROFILE_SCHEMAS.zh;
const none = z.object({}).strict();

// The replies carry many fields; the documentation names the one amount among them. The
// agreed service fee keeps the name and the yuan text the original API gave it.
const serviceFee = z.string().meta({ ...IN_YUAN, description: `${IN_YUAN.description}；企业协议的国内机票服务费（每张）` });
const infoOutput = z.looseObject({
  serverItem: z.object({ dometicketServerFee: serviceFee }),
  creditMember: z.object({ id: z.int(), companyName: z.string(), serverItem: z.object({ dometicketServerFee: serviceFee }) }).nullable(),
});
const infoExOutput = z.looseObject({ company: z.object({ id: z.int(), name: z.string(), dometicketServerFee: serviceFee }).nullable() });

export const memberRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/info",
    summary: "当前登录用户信息",
    tags: ["member"],
    access: "member",
    input: none,
    output: infoOutput,
    handler: ({ member, ctx }) => memberInfo(ctx.db, member!),
  }),
  defineRoute({
    method: "POST",
    url: "/member/info_ex",
    summary: "当前用户的企业信息（公司、部门、差旅等级、差旅标准摘要）",
    tags: ["member"],
    access: "member",
    input: none,
    output: infoExOutput,
    handler: ({ member, ctx }) => memberInfoEx(ctx.db, member!),
  }),
  defineRoute({
    method: "POST",
    url: "/updatePsw",
    summary: "修改登录密码（其他登录失效）",
    tags: ["member"],
    access: "member",
    input: changePasswordPayload,
    handler: async ({ input, member, token, ctx, req }) => {
      const me = member!;
      // A wrong old password counts like a wrong login from this address (one count, one lock):
      // a stolen session must not guess it.
      const { pair } = signInKeys(accountOf(me.id, me.mobilePhone), req.ip);
      await guardedCheck(ctx.db, { pair }, () => verifyPassword(input.oldPswd, me.passwordHash), {
        ...LOGIN_REFUSAL,
        ret: ACCOUNT_RET.OLD_PASSWORD_WRONG,
        msg: (left) => said("routes.attemptsLeft", { oldPasswordWrong: ACCOUNT_MSG.oldPasswordWrong, left }),
      });
      if (input.oldPswd === input.pswd) throw accountError(ACCOUNT_RET.SAME_PASSWORD, ACCOUNT_MSG.samePassword);
      const passwordHash = await hashPassword(input.pswd);
      await changePassword(ctx.db, me.id, passwordHash, token);
      return null;
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/isPayPwdSetup",
    summary: "是否已设置支付密码",
    tags: ["member"],
    access: "member",
    input: none,
    handler: ({ member }) => ({ isSetup: Boolean(member!.payPasswordHash) }),
  }),
  defineRoute({
    method: "POST",
    url: "/member/updatePayPswd",
    summary: "设置或修改支付密码（需本人手机的 paypwd 短信验证码）",
    tags: ["member"],
    access: "member",
    input: payPasswordPayload,
    handler: async ({ input, member, ctx, req }) => {
      const me = member!;
      const code = await verifySmsCode(ctx.db, me.mobilePhone, "paypwd", input.smsCode, req.ip);
      const payPasswordHash = await hashPassword(input.payPswd);
      // Setting one for the first time is no change to warn of.
      await setPayPassword(ctx.db, me.id, code.id, payPasswordHash, Boolean(me.payPasswordHash));
      return { isSetup: true };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/account/memberUpdate",
    summary: "修改个人资料（姓名、邮箱、性别、生日、备注，只改提交的项）",
    tags: ["member"],
    access: "member",
    input: memberUpdatePayload,
    handler: async ({ input, member, ctx }) => {
      const me = member!;
      const changes = {
        ...(input.realName !== undefined ? { realName: input.realName } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.sex !== undefined ? { sex: input.sex } : {}),
        ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
        ...(input.remark !== undefined ? { remark: input.remark === "" ? null : input.remark } : {}),
      };
      return memberInfo(ctx.db, await updateProfile(ctx.db, me.id, changes));
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/photo/upload",
    summary: "上传头像（PNG/JPEG/WebP，Base64，不超过512KB）",
    tags: ["member"],
    access: "member",
    input: photoUploadPayload,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: ({ input, member, ctx }) => savePhoto(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "GET",
    url: "/file/:id",
    summary: "读取已上传的文件（头像）",
    tags: ["member"],
    // Image tags send no token; the random 128-bit id is what protects a photo.
    access: "public",
    input: none,
    handler: async ({ req, reply, ctx }) => {
      const file = await loadFile(ctx.db, String((req.params as { id?: string }).id ?? ""));
      if (!file) throw accountError(ACCOUNT_RET.FILE_NOT_FOUND, ACCOUNT_MSG.fileNotFound);
      withBytes(reply, file.mime, Buffer.from(file.dataBase64, "base64"));
      return null;
    },
  }),
];
