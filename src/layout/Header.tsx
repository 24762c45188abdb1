// The site header: brand, business index / trip booking / partner plan,
// two hover QR codes, service phones, 查看订单, language, and either 登录/注册 or the user's
// name and 退出登录, plus the sub-nav for signed-in users. Style: transparent, white or blue.
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useLogout, useTranslate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { LogoutOutlined } from "@ant-design/icons";
import { subjectKey } from "../access";
import { BUSINESS_INDEX_PATH, pathFor, type HeaderStyle } from "../access/routes";
import { clearMenusCache, userKeyOf } from "../providers/access-control";
import { Brand, LOGIN_URL, REGISTER_URL } from "./Brand";
import { LanguageSwitch } from "../pages/index/LanguageSwitch";
import { LinkButton } from "../components/LinkButton";
import { PhoneList, QrPopover } from "./QrPopover";
import { SubNavFrame } from "./SubNavFrame";
import { NoticeBell } from "./NoticeBell";
import { displayName, typeLabel, useLang, useMenus, type PortalUser, type Site } from "./session";
import { withTexts } from "../providers/i18n-provider";

export const PARTNER_PLAN_PATH = pathFor("partner_plan_index");
export const VIEW_ORDERS_PATH = pathFor("my_order_list_air");

/** 差旅预订 goes to the first product the brand and partner switch on (air, hotel, train). */
export function bookingPath(site: Site): string | null {
  const s = site.switches;
  return s.air ? pathFor("DomesticAirTicketQuery") : s.hotel ? pathFor("hotel_index") : s.train ? pathFor("train_query_list") : null;
}

/**
 * Where the real name leads: the application list in application mode, else PersonalCentralIndex.
 * Company (70) and employee (7_0) accounts are outside PersonalCentralIndex's audience (the
 * account-centre button serves 10-50), so theirs goes through /myCenter/index to their own workbench.
 */
export function nameLink(user: PortalUser, site: Site): string {
  if (site.partner?.applyForForm) return pathFor("travel_applycation_list");
  const key = subjectKey(user);
  return key === "70" || key === "7_0" ? pathFor("my_center_index") : pathFor("PersonalCentralIndex");
}

function Account({ user, site, dark }: { user: PortalUser | null; site: Site; dark: boolean }) {
  const t = useTranslate();
  const { mutate: logout } = useLogout();
  const queryClient = useQueryClient();
  if (!user) {
    return (
      <>
        <LinkButton to={LOGIN_URL} type="text" className={`tp-hbtn${dark ? " tp-btn-on-dark" : ""}`}>
          {t("header.login")}
        </LinkButton>
        <LinkButton to={REGISTER_URL} type="primary" className="tp-hbtn tp-hbtn--solid">
          {t("header.register")}
        </LinkButton>
      </>
    );
  }
  const name = displayName(user);
  const onLogout = () => {
    // The menus belong to this user: never show them to the next one in this tab.
    clearMenusCache();
    queryClient.removeQueries({ queryKey: ["portal", "menus"] });
    logout();
  };
  return (
    <>
      <Link to={nameLink(user, site)} className="tp-hlink tp-huser">
        <span className="tp-huser__avatar" aria-hidden>
          {name.slice(0, 1)}
        </span>
        {name}
      </Link>
      {!site.thirdParty && (
        <button type="button" className="tp-hlink tp-hlink--muted" onClick={onLogout}>
          <LogoutOutlined />
          {t("header.logout")}
        </button>
      )}
    </>
  );
}

interface HeaderProps {
  headerStyle: HeaderStyle;
  user: PortalUser | null;
  site: Site;
  /** The current route (the sub-nav highlights it and the pages it belongs under). */
  routeName?: string;
}

// Signed-in only, and its menus come from the server anyway: its code (dropdowns, the page
// tree that tells which item holds the current page) is not part of a guest's first download.
const SubNav = lazy(withTexts(() => import("./SubNav")));

export function Header({ headerStyle, user, site, routeName }: HeaderProps) {
  const t = useTranslate();
  const lang = useLang();
  const { data, loading } = useMenus(user);
  const dark = headerStyle !== "white";
  const booking = bookingPath(site);
  const appQr = site.partner?.headerQr ?? site.brand.qrCodes.app;
  return (
    <header className={`tp-header tp-header--${headerStyle} tp-header--${lang}`} data-header-style={headerStyle}>
      <div className="tp-header__bar">
        <div className="tp-container">
          <Brand tone={dark ? "dark" : "light"} />
          <nav className="tp-header__links" aria-label={t("header.mainLinks")}>
            <Link to={BUSINESS_INDEX_PATH} className="tp-hlink">
              {t("header.businessIndex")}
            </Link>
            {!site.thirdParty && booking && (
              <Link to={booking} className="tp-hlink">
                {t("header.tripBooking")}
              </Link>
            )}
            {!site.thirdParty && (
              <Link to={PARTNER_PLAN_PATH} className="tp-hlink">
                {t("header.partnerPlan")}
              </Link>
            )}
          </nav>
          <div className="tp-header__tools">
            <span className="tp-header__qr">
              <QrPopover qr={appQr} label={t("header.appDownload")} kind="app" lang={lang} />
              <QrPopover qr={site.brand.qrCodes.publicAccount} label={t("header.publicAccount")} kind="public" lang={lang} />
            </span>
            <PhoneList phones={site.phones} lang={lang} />
            <Link to={VIEW_ORDERS_PATH} className="tp-hlink">
              {t("header.viewOrders")}
            </Link>
            <span className="tp-hsep" aria-hidden />
            <LanguageSwitch tone={dark ? "dark" : "light"} />
            <NoticeBell user={user} dark={dark} />
            <Account user={user} site={site} dark={dark} />
          </div>
        </div>
      </div>
      {user && (
        <Suspense fallback={<SubNavFrame typeLabel={typeLabel(user, lang)} loading />}>
          <SubNav typeLabel={typeLabel(user, lang)} data={data} loading={loading} routeName={routeName} userKey={userKeyOf(user) ?? "guest"} />
        </Suspense>
      )}
    </header>
  );
}
