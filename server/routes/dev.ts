// Development aids, registered only when NODE_ENV is not production: the SMS outbox and the
// expected answer of a captcha, so tests read codes the way a person reads a phone or a picture.
import { said } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { sendCodePayloadSchema } from "../../src/domain/forms/auth";
import { zText } from "../../src/domain/zod";
import { outboxFor } from "../services/accounts/sms";
import { expectedCaptchaText } from "../services/accounts/captcha";

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
  defineRoute({
    method: "GET",
    url: "/dev/captcha",
    summary: "开发环境：图形验证码的答案（仅非生产环境）",
    tags: ["dev"],
    access: "public",
    input: z.object({ captchaId: zText({ max: 64, label: "captchaId" }) }).strict(),
    handler: async ({ input, ctx }) => {
      const text = await expectedCaptchaText(ctx.db, input.captchaId);
      if (text === null) throw new BizError(RET.NOT_FOUND, said("routes.captchaDoesExistHasExpired"));
      return { text };
    },
  }),
];

export function devRoutesFor(nodeEnv: string) {
  return nodeEnv === "production" ? [] : devRoutes;
}
