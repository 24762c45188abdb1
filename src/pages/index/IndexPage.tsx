// The public landing page: '/' and '/view/index.shtml'. The site header and footer come from
// the portal layout.
import { LOGIN_URL, REGISTER_URL } from "../../layout/Brand";
import { pathFor } from "../../access/routes";
import { LinkButton } from "../../components/LinkButton";
import { BusinessSection, ProductCards } from "./sections";
import { displayName, usePortalUser, useSite } from "../../layout/session";
import { usePageTitle } from "../usePageTitle";
import "./index.css";
import { useTranslate } from "@refinedev/core";
import { SearchBox } from "./SearchBox";

export function IndexPage() {
  const t = useTranslate();
  const user = usePortalUser();
  const forms = useSite(user).switches.searchForms;
  usePageTitle(t("documentTitle.default"));
  return (
    <div className="tp-index">
      {/* The site header overlays the hero (transparent style); its height is --tp-header-h. */}
      <div className="tp-hero" style={{ paddingTop: "var(--tp-header-h, 0px)" }}>
        <div className="tp-container tp-hero__body">
          <span className="tp-hero__eyebrow">{t("index.eyebrow")}</span>
          <h1 className="tp-hero__title">{t("index.heroTitle")}</h1>
          <p className="tp-hero__text">{t("index.heroText")}</p>
          {user ? (
            <div className="tp-hero__actions">
              <LinkButton to={pathFor("my_center_index")} size="large" className="tp-btn-light">
                {t("index.heroWorkbench")}
              </LinkButton>
              <LinkButton to={pathFor("my_order_list_air")} size="large" ghost>
                {t("index.heroOrders")}
              </LinkButton>
              <span className="tp-hero__hint">{t("index.heroWelcome", { name: displayName(user) })}</span>
            </div>
          ) : (
            <div className="tp-hero__actions">
              <LinkButton to={LOGIN_URL} size="large" className="tp-btn-light">
                {t("index.heroLogin")}
              </LinkButton>
              <LinkButton to={REGISTER_URL} size="large" ghost>
                {t("index.heroRegister")}
              </LinkButton>
              <span className="tp-hero__hint">{t("index.heroHint")}</span>
            </div>
          )}
          {(forms.air || forms.train || forms.hotel) && <SearchBox />}
        </div>
        <FlightPath />
      </div>
      <ProductCards />
      <BusinessSection />
      {/* The four promises stand in the site footer, on every page. */}
    </div>
  );
}

/** Decorative route arc on the right of the hero. */
function FlightPath() {
  return (
    <svg className="tp-hero__art" viewBox="0 0 520 320" aria-hidden="true">
      <path d="M20 290 C 160 120, 330 60, 500 40" fill="none" stroke="rgba(255,255,255,.45)" strokeWidth="2" strokeDasharray="6 10" />
      <circle cx="20" cy="290" r="7" fill="#fff" opacity=".9" />
      <circle cx="20" cy="290" r="16" fill="#fff" opacity=".15" />
      <circle cx="500" cy="40" r="7" fill="#fff" opacity=".9" />
      <circle cx="500" cy="40" r="16" fill="#fff" opacity=".15" />
      <g transform="translate(298 88) rotate(69)" fill="#fff">
        <path d="M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z" transform="scale(1.6) translate(-12 -12)" />
      </g>
    </svg>
  );
}
