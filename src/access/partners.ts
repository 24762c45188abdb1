// Third-party (embedded partner) configs; the brands are in ./brand.
// Public configuration only: partner signing secrets live on the server, never here, because
// this module is bundled into the browser.
import type { LocalText } from "./tree";
import { bothLangs } from "./texts";

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
  return partnerSites().roles.find((r) => r.thirdNames === thirdName);
}

// ---- Third-party site configs --------

/** The two pay-button texts (copy.zh-CN.md: 立即支付 / 确认订单). */
export type PayLabel = "立即支付" | "确认订单";
export const payLabelText = (label: PayLabel): LocalText => bothLangs((t) => t.payLabel[label]);

export interface QrCode {
  /** What the code encodes; null where the deployment has not set it (the code is not shown). */
  url: string | null;
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
    name: bothLangs((t) => t.partner.tianhe.name),
    airTicket: true,
    hotel: true,
    train: true,
    applyForForm: true,
    pay: false,
    texts: {
      title: bothLangs((t) => t.partner.tianhe.title),
      welcome: bothLangs((t) => t.partner.tianhe.welcome),
    },
    telephones: ["400-600-1001", "021-60001001"],
    headerQr: { url: "https://tianhe.example.com/app", text: bothLangs((t) => t.partner.tianhe.headerQr) },
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
    name: bothLangs((t) => t.partner.weilan.name),
    airTicket: true,
    hotel: false,
    train: true,
    applyForForm: false,
    pay: true,
    texts: {
      title: bothLangs((t) => t.partner.weilan.title),
      welcome: bothLangs((t) => t.partner.weilan.welcome),
    },
    telephones: ["400-600-2002"],
    headerQr: { url: "https://weilan.example.com/follow", text: bothLangs((t) => t.partner.weilan.headerQr) },
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

// ---- The effective configs --------

/** The partner sites and roles in force: the code's defaults above with the operator's settings applied. */
export interface PartnerSites {
  sites: readonly ThirdPartySiteConfig[];
  roles: readonly ThirdPartyRoleConfig[];
}

const DEFAULT_PARTNER_SITES: PartnerSites = { sites: THIRD_PARTY_SITES, roles: THIRD_PARTY_ROLES };
let partnerSource: (() => PartnerSites | null | undefined) | null = null;

/**
 * Where the lookups below read the configs in force. The server plugs in its app's settings as
 * loaded from the database (each app its own); the browser the configs the server serves. The
 * lookups stay synchronous, since access checks and page switches call them on every decision;
 * with no source, or a source with nothing yet, the code's defaults stand.
 */
export function setPartnerSource(source: (() => PartnerSites | null | undefined) | null): void {
  partnerSource = source;
}

export function partnerSites(): PartnerSites {
  return partnerSource?.() ?? DEFAULT_PARTNER_SITES;
}

export function siteConfigFor(thirdName: string | null | undefined): ThirdPartySiteConfig | undefined {
  return partnerSites().sites.find((s) => s.thirdName === thirdName);
}

export function siteConfigByAppId(appId: string | null | undefined): ThirdPartySiteConfig | undefined {
  return partnerSites().sites.find((s) => s.appId === appId);
}

/** Whether sign, appId and access_type are kept in the URL for this app id. */
export function keepsSignInUrl(appId: string | null | undefined): boolean {
  return !!appId && THIRD_PARTY_SITES.some((s) => s.keepSignAppIds.includes(appId));
}
