// The login form's picture captcha, issued by the server (the answer never reaches the browser).
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { issueCaptcha } from "../services/accounts/captcha";

/** Per-IP: a person refreshes a captcha a few times a minute at most. */
export const CAPTCHA_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export const captchaRoutes = [
  defineRoute({
    method: "POST",
    url: "/captcha/new",
    summary: "获取图形验证码（SVG，4位，一次有效，expiresIn 秒后过期）",
    tags: ["auth"],
    access: "public",
    input: z.object({}).strict(),
    rateLimit: CAPTCHA_RATE_LIMIT,
    handler: ({ ctx }) => issueCaptcha(ctx.db),
  }),
];
