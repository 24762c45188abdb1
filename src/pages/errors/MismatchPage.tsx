// /mismatch: where unknown or mistyped links land. Shown without the site header/footer.
import { Result } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { Brand } from "../../layout/Brand";
import { LanguageSwitch } from "../index/LanguageSwitch";
import { LinkButton } from "../../components/LinkButton";
import { usePageTitle } from "../usePageTitle";
import { useTranslate } from "@refinedev/core";

export function MismatchPage() {
  const t = useTranslate();
  usePageTitle(t("mismatch.documentTitle"));

  return (
    <div style={{ minHeight: "100vh", display: "flex", flexDirection: "column", background: "#f5f7fb" }}>
      <header style={{ background: "#fff", borderBottom: "1px solid #e8edf5" }}>
        <div className="tp-container" style={{ display: "flex", alignItems: "center", justifyContent: "space-between", height: 64 }}>
          <Brand />
          <LanguageSwitch />
        </div>
      </header>
      <main style={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", padding: "40px 16px" }}>
        <Result
          status="404"
          title={<span style={{ fontSize: 28, fontWeight: 600 }}>{t("mismatch.title")}</span>}
          subTitle={<span style={{ display: "inline-block", maxWidth: 460, fontSize: 15, lineHeight: 1.8, textWrap: "balance" }}>{t("mismatch.text")}</span>}
          extra={[
            <LinkButton key="business" to="/th_business_index" type="primary" size="large">
              {t("mismatch.businessIndex")}
            </LinkButton>,
            <LinkButton key="home" to="/" size="large" icon={<HomeOutlined />}>
              {t("mismatch.home")}
            </LinkButton>,
          ]}
        />
      </main>
    </div>
  );
}
