// Third-party (embedded partner) configs and the two brand configurations.
// Public configuration only: partner signing secrets live on the server, never here, because
// this module is bundled into the browser.
import type { LocalText } from "./tree";

// ---- Third-party role configs --------------------------

export interface ThirdPartyRoleConfig {
  id: number;
  /** The partner's name as sent in the user's thirdPartyName. */
  thirdNames: string;
  /** The only tree ids its users may see (still subject to their type and rules.ts). */
  permissionsIds: number[];
}

export const THIRD_PARTY_ROLES: readonly ThirdPartyRoleConfig[] = [
  // Tianhe (天禾商旅): a corporate-travel partner; its employees book, apply and approve here.
  { id: 1, thirdNames: "tianhe", permissionsIds: [12, 13, 14, 15, 23, 24, 26, 27, 31] },
  // Weilan (蔚蓝出行): a consumer app embedding our booking; it shows an account page (item 2,
  // called 个人中心 for its sub-members), ordinary order lists and trip applications.
  { id: 2, thirdNames: "weilan", permissionsIds: [2, 12, 14, 15, 23] },
];

export function partnerRoleFor(thirdName: string | null | undefined): ThirdPartyRoleConfig | undefined {
  return THIRD_PARTY_ROLES.find((r) => r.thirdNames === thirdName);
}

// ---- Third-party site configs --------

/** The two pay-button texts (copy.zh-CN.md: 立即支付 / 确认订单). */
export type PayLabel = "立即支付" | "确认订单";
export const PAY_LABEL_EN: Record<PayLabel, string> = { 立即支付: "Pay now", 确认订单: "Confirm order" };

export interface QrCode {
  url: string;
  text: LocalText;
}

export interface ThirdPartySiteConfig {
  thirdName: string;
  /** Public app id sent as ?appId=… by the partner's app (read by the route guard). */
  appId: string;
  name: LocalText;
  airTicket: boolean;
  hotel: boolean;
  train: boolean;
  /** Application mode: the header's real name links to travel_applycation_list. */
  applyForForm: boolean;
  /** Whether its users pay on our site (false: the partner settles, booking is confirmed). */
  pay: boolean;
  texts: { title: LocalText; welcome: LocalText };
  telephones: string[];
  headerQr: QrCode;
  /** Path of the partner's home page; the official/business index redirects there. */
  homeRoute: string;
  /** App ids whose sign/appId/access_type stay in the URL (their pages re-read them). */
  keepSignAppIds: string[];
  disableRefund: boolean;
  disableChange: boolean;
  disableHotelBooking: boolean;
  hideSearchForms: boolean;
  payLabel: PayLabel;
}

export const THIRD_PARTY_SITES: readonly ThirdPartySiteConfig[] = [
  {
    thirdName: "tianhe",
    appId: "TH2019000001",
    name: { zh: "天禾商旅", en: "Tianhe Business Travel" },
    airTicket: true,
    hotel: true,
    train: true,
    applyForForm: true,
    pay: false,
    texts: {
      title: { zh: "天禾商旅 · 企业差旅", en: "Tianhe Business Travel" },
      welcome: { zh: "欢迎使用天禾商旅", en: "Welcome to Tianhe Business Travel" },
    },
    telephones: ["400-600-1001", "021-60001001"],
    headerQr: { url: "/static/partners/tianhe/app-qr.png", text: { zh: "下载天禾商旅APP", en: "Get the Tianhe app" } },
    homeRoute: "/th_business_index",
    // Tianhe's app shell refreshes the embedded page and needs the sign to survive.
    keepSignAppIds: ["TH2019000001"],
    disableRefund: false,
    disableChange: false,
    disableHotelBooking: false,
    hideSearchForms: false,
    // The company settles monthly, so a booking is confirmed rather than paid.
    payLabel: "确认订单",
  },
  {
    thirdName: "weilan",
    appId: "WL2020000002",
    name: { zh: "蔚蓝出行", en: "Weilan Travel" },
    airTicket: true,
    hotel: false,
    train: true,
    applyForForm: false,
    pay: true,
    texts: {
      title: { zh: "蔚蓝出行", en: "Weilan Travel" },
      welcome: { zh: "欢迎使用蔚蓝出行", en: "Welcome to Weilan Travel" },
    },
    telephones: ["400-600-2002"],
    headerQr: { url: "/static/partners/weilan/public-qr.png", text: { zh: "关注蔚蓝出行公众号", en: "Follow Weilan Travel" } },
    homeRoute: "/wl/index",
    keepSignAppIds: [],
    // Weilan handles after-sales and searching in its own app; our pages only book and pay.
    disableRefund: true,
    disableChange: true,
    disableHotelBooking: true,
    hideSearchForms: true,
    payLabel: "立即支付",
  },
];

export function siteConfigFor(thirdName: string | null | undefined): ThirdPartySiteConfig | undefined {
  return THIRD_PARTY_SITES.find((s) => s.thirdName === thirdName);
}

export function siteConfigByAppId(appId: string | null | undefined): ThirdPartySiteConfig | undefined {
  return THIRD_PARTY_SITES.find((s) => s.appId === appId);
}

/** Whether sign, appId and access_type are kept in the URL for this app id. */
export function keepsSignInUrl(appId: string | null | undefined): boolean {
  return !!appId && THIRD_PARTY_SITES.some((s) => s.keepSignAppIds.includes(appId));
}

// ---- Brand configurations ---------------------------------------------------------

export type BrandKey = "paynow" | "confirm";
export type SearchForm = "air" | "intlAir" | "hotel" | "train";

export interface BrandConfig {
  key: BrandKey;
  name: LocalText;
  features: { air: boolean; hotel: boolean; train: boolean };
  /** First is 客服电话, the others 专属电话1..n (see phoneLabels). */
  phones: string[];
  texts: { slogan: LocalText; footerCompany: LocalText };
  /** ICP filing line; the values are placeholders until the operator's own filing is set. */
  icp: string;
  qrCodes: { app: QrCode; publicAccount: QrCode };
  /** Booking is confirmed instead of paid. */
  confirmInsteadOfPay: boolean;
  payLabel: PayLabel;
  hiddenSearchForms: SearchForm[];
}

const APP_QR: LocalText = { zh: "下载APP", en: "Download the app" };
const PUBLIC_QR: LocalText = { zh: "关注公众号", en: "Follow our official account" };

export const BRANDS: Readonly<Record<BrandKey, BrandConfig>> = {
  paynow: {
    key: "paynow",
    name: { zh: "商旅通", en: "Trip Portal" },
    features: { air: true, hotel: true, train: true },
    phones: ["400-800-1234"],
    texts: {
      slogan: { zh: "因公出行，一站预订", en: "Business travel, booked in one place" },
      footerCompany: { zh: "商旅通网络科技有限公司", en: "Trip Portal Network Technology Co., Ltd." },
    },
    icp: "沪ICP备00000000号-1",
    qrCodes: {
      app: { url: "/static/brand/paynow/app-qr.png", text: APP_QR },
      publicAccount: { url: "/static/brand/paynow/public-qr.png", text: PUBLIC_QR },
    },
    confirmInsteadOfPay: false,
    payLabel: "立即支付",
    hiddenSearchForms: [],
  },
  confirm: {
    key: "confirm",
    name: { zh: "企业差旅", en: "Corporate Travel" },
    // Train is switched off in this brand; its company contracts cover air and hotel only.
    features: { air: true, hotel: true, train: false },
    phones: ["400-800-5678", "021-50001001", "021-50001002"],
    texts: {
      slogan: { zh: "企业协议价，确认即出行", en: "Corporate fares, confirmed and ready" },
      footerCompany: { zh: "企业差旅服务有限公司", en: "Corporate Travel Services Co., Ltd." },
    },
    icp: "京ICP备00000000号-1",
    qrCodes: {
      app: { url: "/static/brand/confirm/app-qr.png", text: APP_QR },
      publicAccount: { url: "/static/brand/confirm/public-qr.png", text: PUBLIC_QR },
    },
    confirmInsteadOfPay: true,
    payLabel: "确认订单",
    // "Most search forms hidden": only domestic air search stays on the index.
    hiddenSearchForms: ["intlAir", "hotel", "train"],
  },
};

export function brandFor(key: string | null | undefined): BrandConfig {
  return key === "confirm" ? BRANDS.confirm : BRANDS.paynow;
}

/** Phone labels in the header: 客服电话 for the first, 专属电话1..n for the rest. */
export function phoneLabels(phones: readonly string[], lang: "zh" | "en" = "zh"): { label: string; phone: string }[] {
  return phones.map((phone, i) => ({
    phone,
    label: i === 0 ? (lang === "zh" ? "客服电话" : "Customer service") : lang === "zh" ? `专属电话${i}` : `Exclusive phone ${i}`,
  }));
}
