// The site footer: the four promises, the company and agreement pages, the
// service phone and the ICP filing line of the brand.
import { Link } from "react-router";
import { CustomerServiceOutlined, PayCircleOutlined, RollbackOutlined, StopOutlined } from "@ant-design/icons";
import { phoneLabels } from "../access";
import { useLang, type Site } from "./session";
import { useTranslate } from "@refinedev/core";

export const COMPANY_TEXT_PATH = "/view/text/company.shtml";
export const AGREEMENT_TEXT_PATH = "/view/text/serviceagreement.shtml";
/** The MIIT filing site every ICP number links to. */
const ICP_SITE = "https://beian.miit.gov.cn/";

const PROMISES = [
  { key: "footer.priceGuarantee", icon: <PayCircleOutlined /> },
  { key: "footer.refundGuarantee", icon: <RollbackOutlined /> },
  { key: "footer.noBundledSales", icon: <StopOutlined /> },
  { key: "footer.service24h", icon: <CustomerServiceOutlined /> },
];

export function Footer({ site }: { site: Site }) {
  const t = useTranslate();
  const lang = useLang();
  const service = phoneLabels(site.phones, lang)[0];
  return (
    <footer className="tp-footer">
      <div className="tp-container">
        <ul className="tp-footer__promises" aria-label={t("footer.promises")} style={{ listStyle: "none", margin: 0 }}>
          {PROMISES.map((p) => (
            <li key={p.key} className="tp-footer__promise">
              {p.icon}
              {t(p.key)}
            </li>
          ))}
        </ul>
        <div className="tp-footer__bottom">
          <nav className="tp-footer__links" aria-label={t("footer.links")}>
            <Link to={COMPANY_TEXT_PATH}>{t("footer.aboutUs")}</Link>
            <Link to={AGREEMENT_TEXT_PATH}>{t("footer.serviceAgreement")}</Link>
            {service && (
              <span>
                {service.label} {service.phone}
              </span>
            )}
          </nav>
          <div className="tp-footer__legal">
            <span>
              © {new Date().getFullYear()} {site.brand.texts.footerCompany[lang]}
            </span>
            {site.brand.icp && (
              <a href={ICP_SITE} target="_blank" rel="noopener noreferrer">
                {site.brand.icp}
              </a>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}
