// What the layout needs to know about the visitor: the signed-in user (Refine's identity, else
// the stored copy), the server's menus for that user, the brand and the effective site switches.
import { useEffect } from "react";
import { useCustom, useGetIdentity, useGetLocale, type HttpError } from "@refinedev/core";
import {
  brandFor, entryById, withDeployment, isThirdPartyUser, siteConfigFor, siteSwitches, type AccessSubject, type BrandConfig,
  type Lang, type SiteSwitches, type ThirdPartySiteConfig, THIRD_PARTY_ROLES, THIRD_PARTY_SITES, setPartnerSource,
} from "../access";
import { MEMBER_TYPE_LABELS, memberTypeKey } from "../domain/member";
import { getStoredUser } from "../providers/session-store";
import { useSessionToken } from "../providers/use-session";
import { readMenusCache, userKeyOf, writeMenusCache, type MenusData } from "../providers/access-control";
import { codeLabelNow, domainLang } from "../providers/i18n-provider";

/** The /member/info user object, as far as the layout reads it. */
export interface PortalUser extends AccessSubject {
  id?: number;
  memberId?: number;
  realName?: string | null;
  realname?: string | null;
  mobilePhone?: string;
  memberTypeKey?: string;
  memberTypeCN?: string;
  experienceDate?: string;
  [key: string]: unknown;
}

export function useLang(): Lang {
  const locale = useGetLocale();
  return domainLang(locale());
}

/** The signed-in user, or null. No token means signed out, whatever a stale identity says. */
export function usePortalUser(): PortalUser | null {
  const token = useSessionToken();
  const { data } = useGetIdentity<PortalUser | null>({ queryOptions: { enabled: !!token } });
  if (!token) return null;
  return data && typeof data === "object" && "memberType" in data ? data : getStoredUser<PortalUser>();
}

export function displayName(user: PortalUser): string {
  return String(user.realName || user.realname || user.mobilePhone || "");
}

export function typeLabel(user: PortalUser, lang: Lang): string {
  if (lang === "zh" && user.memberTypeCN) return user.memberTypeCN;
  return codeLabelNow(MEMBER_TYPE_LABELS, memberTypeKey(user), user.memberTypeCN);
}

const EMPTY: MenusData = { menus: [], buttons: [], buttonList: [] };

export interface MenusState {
  data: MenusData;
  loading: boolean;
  /** Why the menus could not be read (the cache, if any, still answers). */
  error: HttpError | null;
  refetch: () => void;
}

/**
 * The user's menus from POST /member/menus: one query per user and language shared by the header
 * and the workbenches, kept for the visit, and cached per user in sessionStorage ('cache:menus'),
 * whose copy is the query's initial data.
 */
export function useMenus(user: PortalUser | null): MenusState {
  const lang = useLang();
  const key = userKeyOf(user);
  const { query } = useCustom<MenusData>({
    url: "/member/menus",
    method: "post",
    config: { payload: { lang } },
    errorNotification: false,
    queryOptions: {
      // Its own key, so a sign-out can drop every user's menus at once.
      queryKey: ["portal", "menus", key, lang],
      enabled: !!key,
      initialData: () => {
        const cached = readMenusCache(key, lang);
        return cached ? { data: cached } : undefined;
      },
      staleTime: Infinity,
      retry: false,
    },
  });
  const fetched = query.isFetched ? query.data?.data : undefined;
  useEffect(() => {
    if (key && fetched) writeMenusCache(key, lang, fetched);
  }, [key, lang, fetched]);
  return {
    data: key ? (query.data?.data ?? EMPTY) : EMPTY,
    loading: !!key && query.isLoading,
    error: key ? (query.error ?? null) : null,
    refetch: () => void query.refetch(),
  };
}

/**
 * Header entries of the workbenches (tree buttons at the root: 1, 3, 10, 21). Button 21 and menu 2
 * are both 账户中心 in the tree but open different pages, so a button whose name a visible menu
 * already uses is shown as `homeLabel` (工作台首页) instead of a second identical entry.
 */
export function rootButtons(data: MenusData, homeLabel?: string) {
  const menuNames = new Set(data.menus.map((m) => m.name));
  return data.buttons
    .filter((b) => entryById(b.id)?.parentId === 0 && b.route)
    .map((b) => (homeLabel && menuNames.has(b.name) ? { ...b, name: homeLabel } : b));
}

/**
 * The brand is the server's (env BRAND, with the operator's settings), asked once per visit, so
 * one setting drives both sides. Until it answers, and if it cannot, the code's brand stands in.
 */
function useBrand(): BrandConfig {
  const { result } = useCustom<Partial<BrandConfig>>({
    url: "/brand/config",
    method: "get",
    errorNotification: false,
    queryOptions: { staleTime: Infinity, retry: false },
  });
  const served = result.data as Partial<BrandConfig> | undefined;
  return withDeployment(servedBrand(served), {
    icp: served?.icp,
    appUrl: served?.qrCodes?.app.url,
    publicAccountUrl: served?.qrCodes?.publicAccount.url,
  });
}

/** The code's brand with what the server says is in force for the fields an operator may set. */
function servedBrand(served: Partial<BrandConfig> | undefined): BrandConfig {
  const base = brandFor(served?.key);
  if (!served?.features) return base;
  return {
    ...base,
    features: served.features,
    phones: served.phones ?? base.phones,
    texts: served.texts ?? base.texts,
    confirmInsteadOfPay: served.confirmInsteadOfPay ?? base.confirmInsteadOfPay,
    payLabel: served.payLabel ?? base.payLabel,
    hiddenSearchForms: served.hiddenSearchForms ?? base.hiddenSearchForms,
  };
}

/** Puts a served partner site (and its menu ids) in force for the browser's partner lookups. */
function applyServedPartner(served: ThirdPartySiteConfig & { permissionsIds?: number[] }): void {
  const { permissionsIds, ...site } = served;
  const sites = THIRD_PARTY_SITES.map((s) => (s.thirdName === site.thirdName ? { ...s, ...site } : s));
  const roles = THIRD_PARTY_ROLES.map((r) => (r.thirdNames === site.thirdName && permissionsIds ? { ...r, permissionsIds } : r));
  setPartnerSource(() => ({ sites, roles }));
}

/**
 * The signed-in partner user's site as the server has it in force (the operator may have changed
 * its switches, phones and menu ids); the code's config stands in until it answers. The browser's
 * access checks read it too, so its menus and page checks agree with the server's.
 */
function usePartnerSite(thirdName: string | null | undefined): ThirdPartySiteConfig | undefined {
  const { result } = useCustom<ThirdPartySiteConfig & { permissionsIds?: number[] }>({
    url: "/thirdParty/site",
    method: "get",
    config: { query: { thirdName } },
    errorNotification: false,
    queryOptions: { enabled: !!thirdName, staleTime: Infinity, retry: false, queryKey: ["portal", "partner-site", thirdName] },
  });
  const served = thirdName ? (result.data as (ThirdPartySiteConfig & { permissionsIds?: number[] }) | undefined) : undefined;
  useEffect(() => {
    if (served?.thirdName) applyServedPartner(served);
  }, [served]);
  return served?.thirdName === thirdName ? served : siteConfigFor(thirdName);
}

export interface Site {
  brand: BrandConfig;
  partner: ThirdPartySiteConfig | undefined;
  switches: SiteSwitches;
  thirdParty: boolean;
  phones: string[];
}

/** The brand, and the user's partner site when they came through one. */
export function useSite(user: PortalUser | null): Site {
  const brand = useBrand();
  const thirdParty = isThirdPartyUser(user);
  const partner = usePartnerSite(thirdParty ? user?.thirdPartyName : null);
  return {
    brand,
    partner,
    switches: siteSwitches(brand, partner),
    thirdParty,
    phones: partner?.telephones.length ? partner.telephones : brand.phones,
  };
}
