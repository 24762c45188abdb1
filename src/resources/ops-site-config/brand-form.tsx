// One brand's settings: products, phones, the search boxes it hides, confirm-instead-of-pay, and
// its slogan and footer company name (empty: the code's text).
import { useTranslate } from "@refinedev/core";
import { Button, Checkbox, Form, Switch } from "antd";
import { FormField, FormMessage } from "../../components/FormField";
import { SEARCH_FORMS, SITE_PHONES_MAX, brandSettingsSchema, type BrandSettings, type BrandSettingsInput, type SiteConfigItem } from "../../domain/ops/site-config";
import { PhoneList } from "./phone-list";
import { useSiteForm } from "./use-site-form";
import { TextOverrides } from "./text-overrides";

const PRODUCTS = ["air", "hotel", "train"] as const;

export function BrandForm({ item, onSaved }: { item: SiteConfigItem<BrandSettings>; onSaved: () => void }) {
  const t = useTranslate();
  const s = item.settings;
  const values: BrandSettingsInput = {
    key: item.key as BrandSettingsInput["key"], version: item.version, air: s.air, hotel: s.hotel, train: s.train, phones: s.phones,
    hiddenSearchForms: s.hiddenSearchForms, confirmInsteadOfPay: s.confirmInsteadOfPay,
    sloganZh: s.sloganZh ?? "", sloganEn: s.sloganEn ?? "", footerCompanyZh: s.footerCompanyZh ?? "", footerCompanyEn: s.footerCompanyEn ?? "",
  };
  const { form, state, submit, saving } = useSiteForm({
    action: "brand", id: item.key, schema: () => brandSettingsSchema, values, onSaved,
    turnedOff: (next) => PRODUCTS.filter((p) => s[p] && !next[p]).map((p) => t(`ops.siteConfig.products.${p}`)),
  });
  const c = form.control;
  return (
    <Form layout="horizontal" labelCol={{ flex: "140px" }} onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.siteConfig.brandForm", { name: item.key })}>
      <Form.Item label={t("ops.siteConfig.productsLabel")} style={{ marginBottom: 8 }}>
        <div className="tp-switch-row">
          {PRODUCTS.map((p) => (
            <FormField key={p} control={c} name={p} valuePropName="checked">
              <Switch checkedChildren={t(`ops.siteConfig.products.${p}`)} unCheckedChildren={t(`ops.siteConfig.products.${p}`)} aria-label={t(`ops.siteConfig.products.${p}`)} />
            </FormField>
          ))}
        </div>
      </Form.Item>
      <FormField control={c} name="confirmInsteadOfPay" valuePropName="checked" label={t("ops.siteConfig.confirmInsteadOfPay")} extra={t("ops.siteConfig.confirmInsteadOfPayHint")}>
        <Switch aria-label={t("ops.siteConfig.confirmInsteadOfPay")} />
      </FormField>
      <FormField control={c} name="phones" label={t("ops.siteConfig.phones")} extra={t("ops.siteConfig.phonesHint")}>
        <PhoneList max={SITE_PHONES_MAX} />
      </FormField>
      <FormField control={c} name="hiddenSearchForms" label={t("ops.siteConfig.hiddenSearchForms")}>
        <Checkbox.Group options={SEARCH_FORMS.map((f) => ({ value: f, label: t(`ops.siteConfig.searchForms.${f}`) }))} />
      </FormField>
      <TextOverrides control={c} names={[["sloganZh", "sloganEn", "slogan"], ["footerCompanyZh", "footerCompanyEn", "footerCompany"]]} />
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>{t("ops.save")}</Button>
        <FormMessage refusal={state.refusal} />
      </Form.Item>
    </Form>
  );
}
