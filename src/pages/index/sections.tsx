// The landing page's sections: product entries, business travel, promises.
import type { ReactNode } from "react";
import {
  AccountBookOutlined,
  ArrowRightOutlined,
  AuditOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  PayCircleOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { Link } from "react-router";
import { Glyph, type ProductGlyph } from "./icons";
import { LinkButton } from "../../components/LinkButton";
import { LOGIN_URL, REGISTER_URL } from "../../layout/Brand";
import { displayName, usePortalUser } from "../../layout/session";
import { pathFor } from "../../access/routes";
import { useTranslate } from "@refinedev/core";

// Entry routes of the booking capabilities.
const PRODUCTS: { key: ProductGlyph; to: string }[] = [
  { key: "flight", to: "/airTicket/query" },
  { key: "train", to: "/train/train_query_list" },
  { key: "hotel", to: "/hotel/index" },
];

export function ProductCards() {
  const t = useTranslate();
  return (
    <section className="tp-container tp-products" aria-label={t("index.productsTitle")}>
      {PRODUCTS.map(({ key, to }) => (
        <article key={key} className={`tp-product tp-product--${key}`}>
          <div className="tp-product__icon">
            <Glyph name={key} size={30} />
          </div>
          <h2 className="tp-product__title">{t(`index.${key}.title`)}</h2>
          <p className="tp-product__text">{t(`index.${key}.text`)}</p>
          <div className="tp-product__tags">
            {[1, 2, 3].map((n) => (
              <span key={n} className="tp-chip">
                {t(`index.${key}.tag${n}`)}
              </span>
            ))}
          </div>
          <Link to={to} className="tp-product__action">
            {t(`index.${key}.action`)} <ArrowRightOutlined />
          </Link>
        </article>
      ))}
    </section>
  );
}

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: "standards", icon: <SafetyCertificateOutlined /> },
  { key: "approval", icon: <AuditOutlined /> },
  { key: "bills", icon: <AccountBookOutlined /> },
  { key: "reports", icon: <BarChartOutlined /> },
];

export function BusinessSection() {
  const t = useTranslate();
  const user = usePortalUser();
  return (
    <section className="tp-business">
      <div className="tp-container tp-business__inner">
        <div className="tp-business__intro">
          <h2 className="tp-section-title">{t("index.businessTitle")}</h2>
          <p className="tp-section-text">{t("index.businessText")}</p>
          {/* A signed-in member is greeted and sent on, not asked to register or log in again. */}
          {user ? (
            <div className="tp-business__actions tp-business__actions--member" data-testid="business-welcome">
              <p className="tp-business__welcome">{t("index.businessWelcome", { name: displayName(user) })}</p>
              <LinkButton to={pathFor("my_center_index")} type="primary" size="large">
                {t("index.heroWorkbench")}
              </LinkButton>
              <LinkButton to={pathFor("my_order_list_air")} size="large">
                {t("index.heroOrders")}
              </LinkButton>
            </div>
          ) : (
            <div className="tp-business__actions">
              <LinkButton to={REGISTER_URL} type="primary" size="large">
                {t("index.businessAction")}
              </LinkButton>
              <LinkButton to={LOGIN_URL} size="large">
                {t("header.login")}
              </LinkButton>
            </div>
          )}
        </div>
        <div className="tp-business__grid">
          {FEATURES.map(({ key, icon }) => (
            <div key={key} className="tp-feature">
              <span className="tp-feature__icon">{icon}</span>
              <div>
                <h3 className="tp-feature__title">{t(`index.${key}.title`)}</h3>
                <p className="tp-feature__text">{t(`index.${key}.text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

// The four promises of the footer copy, each with a line of explanation.
const PROMISES: { title: string; text: string; icon: ReactNode }[] = [
  { title: "footer.priceGuarantee", text: "index.priceText", icon: <PayCircleOutlined /> },
  { title: "footer.refundGuarantee", text: "index.refundText", icon: <RollbackOutlined /> },
  { title: "footer.noBundledSales", text: "index.noBundleText", icon: <StopOutlined /> },
  { title: "footer.service24h", text: "index.serviceText", icon: <CustomerServiceOutlined /> },
];

export function Promises() {
  const t = useTranslate();
  return (
    <section className="tp-promises">
      <div className="tp-container">
        <h2 className="tp-section-title tp-section-title--center">{t("index.promisesTitle")}</h2>
        <div className="tp-promises__grid">
          {PROMISES.map(({ title, text, icon }) => (
            <div key={title} className="tp-promise">
              <span className="tp-promise__icon">{icon}</span>
              <h3 className="tp-promise__title">{t(title)}</h3>
              <p className="tp-promise__text">{t(text)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
