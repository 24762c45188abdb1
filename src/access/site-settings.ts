// The operator's settings applied to the code's partner sites and brands. The same functions
// serve the server (the configs in force) and the console (a site's settings next to its defaults).
import type { BrandSettings, PartnerSettings } from "../domain/ops/site-config";
import { BRANDS, type BrandConfig, type BrandKey } from "./brand";
import { THIRD_PARTY_ROLES, THIRD_PARTY_SITES, type PartnerSites, type ThirdPartyRoleConfig, type ThirdPartySiteConfig } from "./partners";
import type { LocalText } from "./tree";

const text = (base: LocalText, zh: string | null, en: string | null): LocalText => ({ zh: zh ?? base.zh, en: en ?? base.en });

/** A partner's editable fields as the code defines them (no text overridden). */
export function partnerDefaults(site: ThirdPartySiteConfig, role: ThirdPartyRoleConfig | undefined): PartnerSettings {
  return {
    airTicket: site.airTicket, hotel: site.hotel, train: site.train, applyForForm: site.applyForForm, pay: site.pay,
    disableRefund: site.disableRefund, disableChange: site.disableChange, disableHotelBooking: site.disableHotelBooking,
    hideSearchForms: site.hideSearchForms, payLabel: site.payLabel, telephones: [...site.telephones], headerQrUrl: site.headerQr.url,
    permissionsIds: [...(role?.permissionsIds ?? [])], titleZh: null, titleEn: null, welcomeZh: null, welcomeEn: null,
  };
}

export function withPartnerSettings(site: ThirdPartySiteConfig, s: PartnerSettings): ThirdPartySiteConfig {
  return {
    ...site,
    airTicket: s.airTicket, hotel: s.hotel, train: s.train, applyForForm: s.applyForForm, pay: s.pay,
    disableRefund: s.disableRefund, disableChange: s.disableChange, disableHotelBooking: s.disableHotelBooking,
    hideSearchForms: s.hideSearchForms, payLabel: s.payLabel, telephones: [...s.telephones],
    headerQr: { ...site.headerQr, url: s.headerQrUrl },
    texts: { title: text(site.texts.title, s.titleZh, s.titleEn), welcome: text(site.texts.welcome, s.welcomeZh, s.welcomeEn) },
  };
}

/** A brand's editable fields as the code defines it. */
export function brandDefaults(brand: BrandConfig): BrandSettings {
  return {
    air: brand.features.air, hotel: brand.features.hotel, train: brand.features.train, phones: [...brand.phones],
    hiddenSearchForms: [...brand.hiddenSearchForms], confirmInsteadOfPay: brand.confirmInsteadOfPay,
    sloganZh: null, sloganEn: null, footerCompanyZh: null, footerCompanyEn: null,
  };
}

export function withBrandSettings(brand: BrandConfig, s: BrandSettings): BrandConfig {
  return {
    ...brand,
    features: { air: s.air, hotel: s.hotel, train: s.train },
    phones: [...s.phones],
    hiddenSearchForms: [...s.hiddenSearchForms],
    // One switch decides both, so a brand never says 立即支付 while confirming bookings.
    confirmInsteadOfPay: s.confirmInsteadOfPay,
    payLabel: s.confirmInsteadOfPay ? "确认订单" : "立即支付",
    texts: { slogan: text(brand.texts.slogan, s.sloganZh, s.sloganEn), footerCompany: text(brand.texts.footerCompany, s.footerCompanyZh, s.footerCompanyEn) },
  };
}

/** The partner sites in force given each site's stored settings (a site without any keeps the code's). */
export function effectivePartners(settings: ReadonlyMap<string, PartnerSettings>): PartnerSites {
  const sites = THIRD_PARTY_SITES.map((site) => {
    const s = settings.get(site.thirdName);
    return s ? withPartnerSettings(site, s) : site;
  });
  const roles = THIRD_PARTY_ROLES.map((role) => {
    const s = settings.get(role.thirdNames);
    return s ? { ...role, permissionsIds: [...s.permissionsIds] } : role;
  });
  return { sites, roles };
}

export function effectiveBrands(settings: ReadonlyMap<string, BrandSettings>): Record<BrandKey, BrandConfig> {
  const of = (key: BrandKey) => {
    const s = settings.get(key);
    return s ? withBrandSettings(BRANDS[key], s) : BRANDS[key];
  };
  return { paynow: of("paynow"), confirm: of("confirm") };
}
