// Third-party entry (embedded partners): a partner's app opens the portal with appId, sign
// and timestamp; a valid, fresh, unused sign signs in as the partner's member. Also the public
// partner site configs and the active brand config, both as in force (the code's defaults with the
// operator's settings applied).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { zText } from "../../src/domain/zod";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { partnerByAppId, partnerMember, signInBySign } from "../services/accounts/partner-entry";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/accounts/errors";
import { assertCompanyActive, loginReply } from "../services/accounts/members";
import { SIGN_MAX_AGE_MS, SIGN_MAX_SKEW_MS, partnerSign, signMatches } from "../services/accounts/partner-sign";
import { now } from "../services/clock";
import { partnerRoleFor, siteConfigByAppId, siteConfigFor } from "../../src/access/partners";
import { brandFor, phoneLabels, withDeployment } from "../../src/access/brand";

const appId = zText({ max: 64, trim: true, label: "appId", typeError: saidLazy("routes.givePartnerApplicationIdAppid") }).min(1, say("routes.givePartnerApplicationIdAppid"));
const TIMESTAMP_MSG = said("routes.invalidSignatureTimestamp13Digit");

const entryInput = z
  .object({
    appId,
    sign: zText({ max: 128, trim: true, error: saidLazy("routes.invalidSignatureFormat"), typeError: saidLazy("routes.giveSignatureSign") }).min(1, say("routes.giveSignatureSign")),
    // The portal's request client puts its own `timestamp` on every call, so the portal passes
    // the partner's timestamp as signTimestamp; direct callers may send it as `timestamp`.
    signTimestamp: zText({ max: 13, error: saidLazy("routes.invalidSignatureTimestamp13Digit") }).optional(),
    access_type: zText({ max: 40, label: "access_type" }).optional(),
  })
  .strict();

function siteWithPermissions(thirdName: string) {
  const site = siteConfigFor(thirdName);
  return site ? { ...site, permissionsIds: partnerRoleFor(thirdName)?.permissionsIds ?? [] } : null;
}

export const partnerRoutes = [
  defineRoute({
    method: "POST",
    url: "/thirdParty/entry",
    summary: "第三方进入：校验 sign=HMAC-SHA256(secret, appId+timestamp) 后登录为合作方用户",
    tags: ["partner"],
    access: "public",
    input: entryInput,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ input, req, ctx }) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const stamp = input.signTimestamp ?? (typeof raw.timestamp === "string" || typeof raw.timestamp === "number" ? String(raw.timestamp) : "");
      if (!/^\d{13}$/.test(stamp)) throw new BizError(RET.BAD_INPUT, TIMESTAMP_MSG, { errors: { signTimestamp: TIMESTAMP_MSG } });

      const partner = await partnerByAppId(ctx.db, input.appId);
      if (!partner) throw accountError(ACCOUNT_RET.PARTNER_UNKNOWN, ACCOUNT_MSG.partnerUnknown);
      if (!signMatches(partnerSign(partner.secret, partner.appId, stamp), input.sign)) {
        throw accountError(ACCOUNT_RET.SIGN_INVALID, ACCOUNT_MSG.signInvalid);
      }
      const t = now();
      const age = t - Number(stamp);
      if (age > SIGN_MAX_AGE_MS) throw accountError(ACCOUNT_RET.SIGN_EXPIRED, ACCOUNT_MSG.signExpired);
      if (-age > SIGN_MAX_SKEW_MS) throw accountError(ACCOUNT_RET.SIGN_FUTURE, ACCOUNT_MSG.signFuture);

      const member = partner.memberId
        ? await partnerMember(ctx.db, partner.memberId)
        : undefined;
      if (!member || member.status !== 1) throw accountError(ACCOUNT_RET.PARTNER_NO_MEMBER, ACCOUNT_MSG.partnerNoMember);
      await assertCompanyActive(ctx.db, member);

      const sign = input.sign.toLowerCase();
      const token = await signInBySign(ctx.db, partner.appId, sign, member.id, t);
      const site = siteWithPermissions(partner.name);
      return { ...(await loginReply(ctx.db, member.id, token)), homeRoute: site?.homeRoute ?? "/", siteConfig: site };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/thirdParty/siteConfig",
    summary: "合作方站点配置（公开）及其可见菜单编号",
    tags: ["partner"],
    access: "public",
    input: z.object({ appId }).strict(),
    handler: ({ input }) => {
      const site = siteConfigByAppId(input.appId);
      if (!site) throw accountError(ACCOUNT_RET.PARTNER_UNKNOWN, ACCOUNT_MSG.partnerUnknown);
      return siteWithPermissions(site.thirdName);
    },
  }),
  defineRoute({
    method: "GET",
    url: "/thirdParty/site",
    summary: "合作方站点配置（公开，按合作方名称 thirdName；运营人员修改后的当前设置）及其可见菜单编号",
    tags: ["partner"],
    access: "public",
    input: z.object({ thirdName: zText({ max: 40, trim: true, label: "thirdName" }).min(1, say("ops.siteUnknown")) }).strict(),
    handler: ({ input }) => {
      const site = siteWithPermissions(input.thirdName);
      if (!site) throw accountError(ACCOUNT_RET.PARTNER_UNKNOWN, ACCOUNT_MSG.partnerUnknown);
      return site;
    },
  }),
  defineRoute({
    method: "GET",
    url: "/brand/config",
    summary: "当前品牌配置（环境变量 BRAND：paynow 默认 | confirm；BRAND_ICP 备案号，BRAND_APP_URL / BRAND_PUBLIC_ACCOUNT_URL 页头二维码地址）",
    tags: ["partner"],
    access: "public",
    input: z.object({}).strict(),
    handler: () => {
      const brand = withDeployment(brandFor(process.env.BRAND), {
        icp: process.env.BRAND_ICP,
        appUrl: process.env.BRAND_APP_URL,
        publicAccountUrl: process.env.BRAND_PUBLIC_ACCOUNT_URL,
      });
      return { ...brand, phoneLabels: phoneLabels(brand.phones) };
    },
  }),
];
