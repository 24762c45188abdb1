// The console's 站点配置 (运营管理员): the partner sites' and brands' settings, and saving them,
// each save audited in its own transaction.
import { defineOpsRoute } from "../ops/route";
import { SITE_CONFIG_PATHS as P, brandSettingsSchema, partnerSettingsSchema, siteConfigListSchema } from "../../src/domain/ops/site-config";
import { saveBrandSettings, savePartnerSettings, siteConfigList } from "../ops/site-config";

export const opsSiteConfigRoutes = [
  defineOpsRoute({
    method: "POST",
    url: P.list,
    summary: "站点配置（运营管理员）：品牌与合作方站点的当前设置、代码默认值与版本号",
    access: "site-config",
    input: siteConfigListSchema,
    handler: ({ ctx }) => siteConfigList(ctx.db, process.env.BRAND ?? "paynow"),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.updatePartner,
    summary: "保存合作方站点设置（产品与退改开关、支付按钮、电话、页头二维码、可见菜单编号、标题与欢迎语；按版本号防覆盖；记审计）",
    access: "site-config",
    input: partnerSettingsSchema,
    handler: ({ input, operator, ctx }) => savePartnerSettings(ctx.db, input, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.updateBrand,
    summary: "保存品牌设置（机票/酒店/火车、电话、隐藏的搜索框、确认代替支付、标语与页脚公司名；按版本号防覆盖；记审计）",
    access: "site-config",
    input: brandSettingsSchema,
    handler: ({ input, operator, ctx }) => saveBrandSettings(ctx.db, input, operator!.id),
  }),
];
