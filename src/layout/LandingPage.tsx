// Landing pages. The bare ones (business/official index, partner plan, partner homes, Welcome)
// hide the site header, so they carry a slim bar of their own; the activity page sits under the
// transparent site header instead (overlay).
import { Link } from "react-router";
import { TeamOutlined, UserAddOutlined, WalletOutlined } from "@ant-design/icons";
import { pathFor } from "../access/routes";
import { Brand, LOGIN_URL, REGISTER_URL } from "./Brand";
import { LanguageSwitch } from "../pages/index/LanguageSwitch";
import { LinkButton } from "../components/LinkButton";
import { BusinessSection, ProductCards, Promises } from "../pages/index/sections";
import "../pages/index/index.css";
import { usePageTitle } from "../pages/usePageTitle";
import { bookingPath } from "./Header";
import { LANDINGS, PARTNER_STEPS } from "./landing-content";
import { displayName, usePortalUser, useSite } from "./session";
import { useTranslate } from "@refinedev/core";

const STEP_ICONS = [<UserAddOutlined key="r" />, <TeamOutlined key="t" />, <WalletOutlined key="w" />];

function LandingBar() {
  const t = useTranslate();
  const user = usePortalUser();
  return (
    <header className="tp-index-header">
      <div className="tp-container tp-index-header__inner">
        <Brand tone="dark" />
        <nav className="tp-index-header__actions">
          <Link to="/" className="tp-hlink" style={{ color: "#fff" }}>
            {t("route.home")}
          </Link>
          <LanguageSwitch tone="dark" />
          {user ? (
            <LinkButton to={pathFor("my_center_index")} className="tp-btn-light">
              {displayName(user)} · {t("route.myWorkbench")}
            </LinkButton>
          ) : (
            <>
              <LinkButton to={LOGIN_URL} type="text" className="tp-btn-on-dark">
                {t("header.login")}
              </LinkButton>
              <LinkButton to={REGISTER_URL} className="tp-btn-light">
                {t("header.register")}
              </LinkButton>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

function PartnerSteps() {
  const t = useTranslate();
  return (
    <section className="tp-container tp-products">
      {PARTNER_STEPS.map((step, i) => (
        <article key={step} className="tp-product tp-product--flight">
          <div className="tp-product__icon" style={{ fontSize: 26 }}>
            {STEP_ICONS[i]}
          </div>
          <h2 className="tp-product__title">
            {i + 1}. {t(`landingPages.partnerSteps.${step}.title`)}
          </h2>
          <p className="tp-product__text">{t(`landingPages.partnerSteps.${step}.text`)}</p>
        </article>
      ))}
    </section>
  );
}

export function LandingPage({ routeName, overlay = false }: { routeName: string; overlay?: boolean }) {
  const t = useTranslate();
  const user = usePortalUser();
  const site = useSite(user);
  const sections = LANDINGS[routeName];
  const text = (part: "eyebrow" | "title" | "text") => t(`landingPages.${routeName}.${part}`);
  usePageTitle(`${text("title")}${t("documentTitle.suffix")}`);
  const booking = bookingPath(site);
  const partnerPlan = routeName === "partner_plan_index";
  return (
    <div className="tp-index" data-page={routeName}>
      <div className="tp-hero" style={overlay ? { paddingTop: "var(--tp-header-h, 64px)" } : undefined}>
        {!overlay && <LandingBar />}
        <div className="tp-container tp-hero__body">
          <span className="tp-hero__eyebrow">{text("eyebrow")}</span>
          <h1 className="tp-hero__title">{text("title")}</h1>
          <p className="tp-hero__text">{text("text")}</p>
          <div className="tp-hero__actions">
            {partnerPlan ? (
              <LinkButton to={user ? pathFor("Recommended") : REGISTER_URL} size="large" className="tp-btn-light">
                {user ? t("route.landing.recommend") : t("route.landing.join")}
              </LinkButton>
            ) : (
              booking && (
                <LinkButton to={booking} size="large" className="tp-btn-light">
                  {t("header.tripBooking")}
                </LinkButton>
              )
            )}
            <LinkButton to={user ? pathFor("my_center_index") : LOGIN_URL} size="large" ghost>
              {user ? t("route.myWorkbench") : t("header.login")}
            </LinkButton>
          </div>
        </div>
      </div>
      {sections.map((s) =>
        s === "products" ? <ProductCards key={s} /> : s === "business" ? <BusinessSection key={s} /> : s === "promises" ? <Promises key={s} /> : <PartnerSteps key={s} />,
      )}
      {!overlay && <footer className="tp-index-footer">{t("index.copyright", { year: new Date().getFullYear() })}</footer>}
    </div>
  );
}

export default LandingPage;
