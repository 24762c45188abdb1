// The landing page's own slim header over the hero (the site-wide header comes with the layout).
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Glyph } from "./icons";
import { LanguageSwitch } from "./LanguageSwitch";
import { LinkButton } from "./LinkButton";

export const LOGIN_URL = "/view/login.shtml";
export const REGISTER_URL = "/view/login.shtml?type=2";

export function Brand({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`tp-brand tp-brand--${tone}`}>
      <span className="tp-brand__mark">
        <Glyph name="flight" size={20} style={{ transform: "rotate(45deg)" }} />
      </span>
      <span className="tp-brand__name">{t("common.brand")}</span>
    </Link>
  );
}

export function IndexHeader() {
  const { t } = useTranslation();
  return (
    <header className="tp-index-header">
      <div className="tp-container tp-index-header__inner">
        <Brand tone="dark" />
        <nav className="tp-index-header__actions">
          <LanguageSwitch tone="dark" />
          <LinkButton to={LOGIN_URL} type="text" className="tp-btn-on-dark">
            {t("header.login")}
          </LinkButton>
          <LinkButton to={REGISTER_URL} className="tp-btn-light">
            {t("header.register")}
          </LinkButton>
        </nav>
      </div>
    </header>
  );
}
