// 站点配置 (运营管理员): the brands and partner sites, each with its form; the brand this
// deployment runs as is marked. A save is in force at once for new page loads, in every server
// process within seconds, and written to the audit log.
import { useCustom, useTranslate } from "@refinedev/core";
import { Card, Space, Tabs, Tag, Typography } from "antd";
import { SITE_CONFIG_PATHS, type SiteConfigList } from "../../domain/ops/site-config";
import { formatChinaTime } from "../../domain/format";
import { useLang } from "../../layout/session";
import { LoadError } from "../LoadError";
import { BrandForm } from "./brand-form";
import { PartnerForm } from "./partner-form";
import "./site-config.css";

export function OpsSiteConfig() {
  const t = useTranslate();
  const lang = useLang();
  const { query, result } = useCustom<SiteConfigList>({
    url: SITE_CONFIG_PATHS.list,
    method: "post",
    config: { payload: {} },
    errorNotification: false,
    queryOptions: { queryKey: ["ops", "site-config"], retry: false },
  });
  // Refine answers an empty object until the list arrives.
  const data = (result.data as Partial<SiteConfigList> | undefined)?.brands ? (result.data as SiteConfigList) : undefined;
  const reload = () => void query.refetch();
  const saved = (version: number, at: string | null) =>
    version ? <Typography.Text type="secondary">{t("ops.siteConfig.savedAt", { at: at ? formatChinaTime(at) : "", version })}</Typography.Text> : <Typography.Text type="secondary">{t("ops.siteConfig.defaults")}</Typography.Text>;
  if (query.isError) return <LoadError error={query.error} onRetry={reload} />;
  return (
    <div>
      <h2>{t("ops.siteConfig.title")}</h2>
      <Tabs
        items={[
          {
            key: "brands",
            label: t("ops.siteConfig.brands"),
            children: (
              <Space direction="vertical" size={16} style={{ width: "100%" }}>
                {data?.brands.map((b) => (
                  <Card key={`${b.key}-${b.version}`} title={<Space>{b.name[lang]}<Tag>{b.key}</Tag>{data.activeBrand === b.key ? <Tag color="blue">{t("ops.siteConfig.active")}</Tag> : null}</Space>} extra={saved(b.version, b.updateTime)}>
                    <BrandForm item={b} onSaved={reload} />
                  </Card>
                ))}
              </Space>
            ),
          },
          {
            key: "partners",
            label: t("ops.siteConfig.partners"),
            children: (
              <Space direction="vertical" size={16} style={{ width: "100%" }}>
                {data?.partners.map((p) => (
                  <Card key={`${p.key}-${p.version}`} title={<Space>{p.name[lang]}<Tag>{p.key}</Tag></Space>} extra={saved(p.version, p.updateTime)}>
                    <PartnerForm item={p} onSaved={reload} />
                  </Card>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
