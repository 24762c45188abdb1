// Attribute rules, applied on top of Casbin's type-level decision. They read the
// user's record (trip flags, canAudit, pnrImport, partner), which a static policy cannot know.
// This is the one attribute layer: the browser's and the server's Access (enforcer.ts) both apply
// it to their own enforcer's answer, so a rule changed here changes both sides.
import { memberTypeKey, type MemberTypeFacts, type MemberTypeKey } from "../domain/member";
import { GUEST } from "./model";
import { partnerRoleFor, payLabelText, type PayLabel, type ThirdPartySiteConfig } from "./partners";
import { bothLangs } from "./texts";
import type { BrandConfig, SearchForm } from "./brand";
import { ancestorsOf, type Lang, type LocalText, type PermissionEntry } from "./tree";

/** Backends send flags as 1/0, '1'/'0' or booleans. */
export type Flag = number | string | boolean | null | undefined;

export function isOn(flag: Flag): boolean {
  return flag === true || flag === 1 || flag === "1";
}

export interface TripLevelFlags {
  approveFlag?: Flag;
  feeFlag?: Flag;
  changeApprove?: Flag;
  overproof?: Flag;
  overApprove?: Flag;
}

/** One stored button permission: key = upper-case MD5 hex of the button's permissionId. */
export interface ButtonPermission {
  id: number | string;
  key: string;
}

/** The user fields access decisions need. null means a guest. */
export interface AccessSubject extends MemberTypeFacts {
  creditEmployee?: { tripLevel?: TripLevelFlags | null; canAudit?: Flag } | null;
  pnrImport?: Flag;
  isThirdParty?: Flag;
  thirdPartyName?: string | null;
  /** The stored button-permission list; when absent only the tree decides (see buttonListed). */
  buttons?: ButtonPermission[] | null;
}

export type SubjectKey = MemberTypeKey | typeof GUEST;

export function subjectKey(subject: AccessSubject | null | undefined): SubjectKey {
  return subject ? memberTypeKey(subject) : GUEST;
}

const isSubMember = (s: AccessSubject | null | undefined): s is AccessSubject => subjectKey(s) === "7_0";

/** Items 23/24: approval, fee, change approval, or over-standard together with over-approval. */
export function hasTripFlags(subject: AccessSubject | null | undefined): boolean {
  if (!isSubMember(subject)) return false;
  const t = subject.creditEmployee?.tripLevel;
  if (!t) return false;
  return isOn(t.approveFlag) || isOn(t.feeFlag) || isOn(t.changeApprove) || (isOn(t.overproof) && isOn(t.overApprove));
}

/** Items 26/27: the company (70) itself, or a sub-member allowed to audit. */
export function canAudit(subject: AccessSubject | null | undefined): boolean {
  const key = subjectKey(subject);
  if (key === "70") return true;
  return key === "7_0" && isOn(subject?.creditEmployee?.canAudit);
}

export function hasPnrImport(subject: AccessSubject | null | undefined): boolean {
  return isOn(subject?.pnrImport);
}

const ITEM_RULES: Readonly<Record<number, (s: AccessSubject | null | undefined) => boolean>> = {
  23: hasTripFlags,
  24: hasTripFlags,
  26: canAudit,
  27: canAudit,
  32: hasPnrImport,
  38: hasPnrImport,
  39: hasPnrImport,
  40: hasPnrImport,
};

/** Ids that carry an attribute rule. */
export const RULED_ITEM_IDS: readonly number[] = Object.keys(ITEM_RULES).map(Number);

export function passesItemRules(id: number, subject: AccessSubject | null | undefined): boolean {
  const rule = ITEM_RULES[id];
  return rule ? rule(subject) : true;
}

export function isThirdPartyUser(subject: AccessSubject | null | undefined): boolean {
  return !!subject && isOn(subject.isThirdParty);
}

/**
 * Third-party users see only their partner's configured ids (an unknown partner: none). A
 * configured id implies its ancestors, which are otherwise missing containers (e.g. 11 for 12).
 * This only narrows: the type check and the other rules still apply on top.
 */
export function partnerAllows(id: number, subject: AccessSubject | null | undefined): boolean {
  if (!subject || !isThirdPartyUser(subject)) return true;
  const ids = partnerRoleFor(subject.thirdPartyName)?.permissionsIds ?? [];
  return ids.includes(id) || ids.some((own) => ancestorsOf(own).some((a) => a.id === id));
}

/** The partner whose sub-members see item 2 as 个人中心. */
export const PERSONAL_CENTRE_PARTNER = "weilan";

const RENAMES: Readonly<Record<number, { when: (s: AccessSubject | null | undefined) => boolean; name: LocalText }>> = {
  11: { when: isSubMember, name: bothLangs((t) => t.menuRename.businessOrders) },
  2: {
    when: (s) => isSubMember(s) && isThirdPartyUser(s) && s?.thirdPartyName === PERSONAL_CENTRE_PARTNER,
    name: bothLangs((t) => t.menuRename.personalCentre),
  },
};

/** The entry's display name for this user, renames applied. */
export function menuLabel(entry: PermissionEntry, subject: AccessSubject | null | undefined, lang: Lang = "zh"): string {
  const rename = RENAMES[entry.id];
  return (rename && rename.when(subject) ? rename.name : entry.permissionName)[lang];
}

/** Credit pay is offered iff the payment-limit list contains 'creditpay'. */
export function canCreditPay(paymentLimits: readonly string[] | null | undefined): boolean {
  return !!paymentLimits && paymentLimits.includes("creditpay");
}

/** The service fee is hidden only when showServFee is 0. */
export function showServiceFee(showControl: { showServFee?: number | string | null } | null | undefined): boolean {
  const v = showControl?.showServFee;
  return !(v === 0 || v === "0");
}

// ---- Site-config switches (brand + optional partner site) -----------------------------------

export interface SiteSwitches {
  air: boolean;
  hotel: boolean;
  train: boolean;
  applyForForm: boolean;
  /** Users pay on our site; false means the booking is only confirmed. */
  pay: boolean;
  showRefund: boolean;
  showChange: boolean;
  hotelBooking: boolean;
  searchForms: Record<SearchForm, boolean>;
  payLabel: LocalText;
}

/**
 * Effective switches: a product is on only if the brand AND the partner site enable it; either
 * side saying "no payment here" turns the pay button into 确认订单.
 */
export function siteSwitches(brand: BrandConfig, site?: ThirdPartySiteConfig | null): SiteSwitches {
  const air = brand.features.air && (site?.airTicket ?? true);
  const hotel = brand.features.hotel && (site?.hotel ?? true);
  const train = brand.features.train && (site?.train ?? true);
  const confirm = brand.confirmInsteadOfPay || site?.payLabel === "确认订单" || site?.pay === false;
  const label: PayLabel = confirm ? "确认订单" : "立即支付";
  const form = (f: SearchForm, on: boolean) => on && !site?.hideSearchForms && !brand.hiddenSearchForms.includes(f);
  return {
    air,
    hotel,
    train,
    applyForForm: site?.applyForForm ?? false,
    pay: !confirm,
    showRefund: !site?.disableRefund,
    showChange: !site?.disableChange,
    hotelBooking: hotel && !site?.disableHotelBooking,
    searchForms: { air: form("air", air), intlAir: form("intlAir", air), hotel: form("hotel", hotel), train: form("train", train) },
    payLabel: payLabelText(label),
  };
}
