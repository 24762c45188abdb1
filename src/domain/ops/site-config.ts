// The operator's settings of the partner sites and the brands: what the console's forms send and
// the server checks, one schema for both. Only what an operator may decide is here; a site's
// thirdName, appId, home route and the app ids that keep the sign in the URL stay in the code,
// since routes and the partners' signing depend on them.
import { z } from "zod";
import { trLazy } from "../tr";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { entryById } from "../../access/tree";

export const SITE_CONFIG_PATHS = {
  list: "/ops/site-config/list",
  updatePartner: "/ops/site-config/partner/update",
  updateBrand: "/ops/site-config/brand/update",
} as const;

/** The partners and brands the code defines (the settings name one of them, never a new one). */
export const PARTNER_KEYS = ["tianhe", "weilan"] as const;
export const BRAND_KEYS = ["paynow", "confirm"] as const;
export const SEARCH_FORMS = ["air", "intlAir", "hotel", "train"] as const;
export const PAY_LABELS = ["立即支付", "确认订单"] as const;

export const SITE_PHONES_MAX = 5;
export const SITE_TEXT_MAX = 60;
export const SITE_URL_MAX = 500;

/** A service line as the header shows it: digits with optional dashes (400-600-1001, 021-60001001). */
const PHONE = /^\d[\d-]{2,18}\d$/;
const WEB_URL = /^https?:\/\/[^\s]+$/i;

const zPhone = zText({ max: 20, trim: true, error: trLazy("电话号码格式不正确（数字，可含短横线）") }).regex(PHONE, { error: trLazy("电话号码格式不正确（数字，可含短横线）") });
const zFlag = zBool(trLazy("开关取值不正确"));
const zVersion = zInt({ min: 0, max: 2_147_483_647, error: trLazy("版本号不正确") });
/** An optional text override: empty means the code's own text stays. */
const zOverride = zOptionalString(zText({ max: SITE_TEXT_MAX, trim: true, error: trLazy("文字最多{SITE_TEXT_MAX}个字符，且不能含控制字符", { SITE_TEXT_MAX }) }));

const phones = (min: number) =>
  z
    .array(zPhone, { error: trLazy("电话号码格式不正确（数字，可含短横线）") })
    .min(min, { error: trLazy("请至少填写一个客服电话") })
    .max(SITE_PHONES_MAX, { error: trLazy("电话最多{SITE_PHONES_MAX}个", { SITE_PHONES_MAX }) });

/** A partner's settings; its permission ids must name entries of the member permission tree. */
export const partnerSettingsSchema = z
  .object({
    thirdName: z.enum(PARTNER_KEYS, { error: trLazy("合作方不存在") }),
    version: zVersion,
    airTicket: zFlag,
    hotel: zFlag,
    train: zFlag,
    applyForForm: zFlag,
    pay: zFlag,
    disableRefund: zFlag,
    disableChange: zFlag,
    disableHotelBooking: zFlag,
    hideSearchForms: zFlag,
    payLabel: z.enum(PAY_LABELS, { error: trLazy("支付按钮文字不正确") }),
    telephones: phones(0),
    headerQrUrl: zOptionalString(zText({ max: SITE_URL_MAX, trim: true }).regex(WEB_URL, { error: trLazy("二维码地址须以 http:// 或 https:// 开头") }), trLazy("二维码地址须以 http:// 或 https:// 开头"), SITE_URL_MAX * 2),
    permissionsIds: z
      .array(zInt({ min: 1, max: 10_000, error: trLazy("菜单编号不正确") }), { error: trLazy("菜单编号不正确") })
      .max(200, { error: trLazy("菜单编号不正确") })
      .refine((ids) => ids.every((id) => !!entryById(id)), { error: trLazy("菜单编号不在会员权限树中") })
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    titleZh: zOverride,
    titleEn: zOverride,
    welcomeZh: zOverride,
    welcomeEn: zOverride,
  })
  .strict();

export const brandSettingsSchema = z
  .object({
    key: z.enum(BRAND_KEYS, { error: trLazy("品牌不存在") }),
    version: zVersion,
    air: zFlag,
    hotel: zFlag,
    train: zFlag,
    phones: phones(1),
    hiddenSearchForms: z
      .array(z.enum(SEARCH_FORMS, { error: trLazy("搜索框取值不正确") }), { error: trLazy("搜索框取值不正确") })
      .max(SEARCH_FORMS.length, { error: trLazy("搜索框取值不正确") })
      .transform((forms) => SEARCH_FORMS.filter((f) => forms.includes(f))),
    /** Bookings are confirmed instead of paid; the pay button then reads 确认订单. */
    confirmInsteadOfPay: zFlag,
    sloganZh: zOverride,
    sloganEn: zOverride,
    footerCompanyZh: zOverride,
    footerCompanyEn: zOverride,
  })
  .strict();

export type PartnerSettingsInput = z.input<typeof partnerSettingsSchema>;
export type PartnerSettingsParsed = z.output<typeof partnerSettingsSchema>;
export type BrandSettingsInput = z.input<typeof brandSettingsSchema>;
export type BrandSettingsParsed = z.output<typeof brandSettingsSchema>;

/** What is stored and shown for a partner: every editable field, text overrides null when unset. */
export type PartnerSettings = Omit<PartnerSettingsParsed, "thirdName" | "version" | "headerQrUrl" | "titleZh" | "titleEn" | "welcomeZh" | "welcomeEn"> & {
  headerQrUrl: string | null;
  titleZh: string | null;
  titleEn: string | null;
  welcomeZh: string | null;
  welcomeEn: string | null;
};
export type BrandSettings = Omit<BrandSettingsParsed, "key" | "version" | "sloganZh" | "sloganEn" | "footerCompanyZh" | "footerCompanyEn"> & {
  sloganZh: string | null;
  sloganEn: string | null;
  footerCompanyZh: string | null;
  footerCompanyEn: string | null;
};

/** One partner or brand as the console lists it: its settings now, the code's defaults, the row's version. */
export interface SiteConfigItem<S> {
  key: string;
  name: { zh: string; en: string };
  settings: S;
  defaults: S;
  /** 0 while the operator has saved nothing (the code's defaults stand). */
  version: number;
  updateTime: string | null;
}

export interface SiteConfigList {
  brands: SiteConfigItem<BrandSettings>[];
  partners: SiteConfigItem<PartnerSettings>[];
  /** The brand this deployment runs as (BRAND). */
  activeBrand: string;
}

export const siteConfigListSchema = z.object({}).strict();

/** Products a change turns off (the console asks before saving it). */
export function productsTurnedOff(before: { air: boolean; hotel: boolean; train: boolean }, after: { air: boolean; hotel: boolean; train: boolean }): ("air" | "hotel" | "train")[] {
  return (["air", "hotel", "train"] as const).filter((p) => before[p] && !after[p]);
}
