// The two brands the portal runs as (chosen by the server's BRAND setting), and what each
// deployment adds to its brand: the ICP filing line and where the header's QR codes lead. Those
// belong to the operator, not to the code, so they come from the server's settings; a deployment
// that has not set them shows no filing line and no code rather than made-up ones.
import type { LocalText } from "./tree";
import { accessText, bothLangs } from "./texts";
import type { PayLabel, QrCode } from "./partners";

export type BrandKey = "paynow" | "confirm";
export type SearchForm = "air" | "intlAir" | "hotel" | "train";

export interface BrandConfig {
  key: BrandKey;
  name: LocalText;
  features: { air: boolean; hotel: boolean; train: boolean };
  /** First is 客服电话, the others 专属电话1..n (see phoneLabels). */
  phones: string[];
  texts: { slogan: LocalText; footerCompany: LocalText };
  /** The ICP filing line, from the deployment (null: none set). */
  icp: string | null;
  qrCodes: { app: QrCode; publicAccount: QrCode };
  /** Booking is confirmed instead of paid. */
  confirmInsteadOfPay: boolean;
  payLabel: PayLabel;
  hiddenSearchForms: SearchForm[];
}

/** What a deployment sets for its brand (server settings BRAND_ICP, BRAND_APP_URL, BRAND_PUBLIC_ACCOUNT_URL). */
export interface BrandDeployment {
  icp?: string | null;
  appUrl?: string | null;
  publicAccountUrl?: string | null;
}

const APP_QR = bothLangs((t) => t.qr.app);
const PUBLIC_QR = bothLangs((t) => t.qr.publicAccount);
const NO_QR = { app: { url: null, text: APP_QR }, publicAccount: { url: null, text: PUBLIC_QR } };

export const BRANDS: Readonly<Record<BrandKey, BrandConfig>> = {
  paynow: {
    key: "paynow",
    name: bothLangs((t) => t.brand.paynow.name),
    features: { air: true, hotel: true, train: true },
    phones: ["400-800-1234"],
    texts: {
      slogan: bothLangs((t) => t.brand.paynow.slogan),
      footerCompany: bothLangs((t) => t.brand.paynow.footerCompany),
    },
    icp: null,
    qrCodes: NO_QR,
    confirmInsteadOfPay: false,
    payLabel: "立即支付",
    hiddenSearchForms: [],
  },
  confirm: {
    key: "confirm",
    name: bothLangs((t) => t.brand.confirm.name),
    // Train is switched off in this brand; its company contracts cover air and hotel only.
    features: { air: true, hotel: true, train: false },
    phones: ["400-800-5678", "021-50001001", "021-50001002"],
    texts: {
      slogan: bothLangs((t) => t.brand.confirm.slogan),
      footerCompany: bothLangs((t) => t.brand.confirm.footerCompany),
    },
    icp: null,
    qrCodes: NO_QR,
    confirmInsteadOfPay: true,
    payLabel: "确认订单",
    // "Most search forms hidden": only domestic air search stays on the index.
    hiddenSearchForms: ["intlAir", "hotel", "train"],
  },
};

let brandSource: (() => Readonly<Record<BrandKey, BrandConfig>> | null | undefined) | null = null;

/**
 * Where brandFor reads the brands in force: the server plugs in its app's settings as loaded from
 * the database; with no source, or one with nothing yet, the code's brands above stand.
 */
export function setBrandSource(source: (() => Readonly<Record<BrandKey, BrandConfig>> | null | undefined) | null): void {
  brandSource = source;
}

export function brandFor(key: string | null | undefined): BrandConfig {
  const brands = brandSource?.() ?? BRANDS;
  return key === "confirm" ? brands.confirm : brands.paynow;
}

/** A QR target must be a web address a phone can open; anything else is ignored. */
function webUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && /^https?:\/\/[^\s]+$/i.test(v) && v.length <= 500 ? v : null;
}

/** The brand with its deployment's filing line and QR targets. */
export function withDeployment(brand: BrandConfig, deployment: BrandDeployment | null | undefined): BrandConfig {
  const icp = deployment?.icp?.trim().slice(0, 100) || null;
  return {
    ...brand,
    icp,
    qrCodes: {
      app: { ...brand.qrCodes.app, url: webUrl(deployment?.appUrl) },
      publicAccount: { ...brand.qrCodes.publicAccount, url: webUrl(deployment?.publicAccountUrl) },
    },
  };
}

/** Phone labels in the header: 客服电话 for the first, 专属电话1..n for the rest. */
export function phoneLabels(phones: readonly string[], lang: "zh" | "en" = "zh"): { label: string; phone: string }[] {
  return phones.map((phone, i) => ({
    phone,
    label: i === 0 ? accessText((t) => t.phone.service, lang) : accessText((t) => t.phone.exclusive, lang).replace("{n}", String(i)),
  }));
}
