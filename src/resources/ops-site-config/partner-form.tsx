// One partner site's settings: products and after-sales switches, payment, phones, the header's
// QR address, the menu ids its users may see (named from the member permission tree), and its
// title and welcome (empty: the code's text).
import { useTranslate } from "@refinedev/core";
import { Button, Form, Input, Radio, Select, Switch } from "antd";
import { FormField, FormMessage } from "../../components/FormField";
import { PERMISSION_TREE } from "../../access/tree";
import { PAY_LABELS, SITE_PHONES_MAX, SITE_URL_MAX, partnerSettingsSchema, type PartnerSettings, type PartnerSettingsInput, type SiteConfigItem } from "../../domain/ops/site-config";
import { useLang } from "../../layout/session";
import { PhoneList } from "./phone-list";
import { TextOverrides } from "./text-overrides";
import { useSiteForm } from "./use-site-form";

const PRODUCTS = [["airTicket", "air"], ["hotel", "hotel"], ["train", "train"]] as const;
const SWITCHES = ["applyForForm", "pay", "disableRefund", "disableChange", "disableHotelBooking", "hideSearchForms"] as const;

export function PartnerForm({ item, onSaved }: { item: SiteConfigItem<PartnerSettings>; onSaved: () => void }) {
  const t = useTranslate();
  const lang = useLang();
  const s = item.settings;
  const values: PartnerSettingsInput = {
    thirdName: item.key as PartnerSettingsInput["thirdName"], version: item.version,
    airTicket: s.airTicket, hotel: s.hotel, train: s.train, applyForForm: s.applyForForm, pay: s.pay, disableRefund: s.disableRefund,
    disableChange: s.disableChange, disableHotelBooking: s.disableHotelBooking, hideSearchForms: s.hideSearchForms, payLabel: s.payLabel,
    telephones: s.telephones, headerQrUrl: s.headerQrUrl ?? "", permissionsIds: s.permissionsIds,
    titleZh: s.titleZh ?? "", titleEn: s.titleEn ?? "", welcomeZh: s.welcomeZh ?? "", welcomeEn: s.welcomeEn ?? "",
  };
  const { form, state, submit, saving } = useSiteForm({
    action: "partner", id: item.key, schema: () => partnerSettingsSchema, values, onSaved,
    turnedOff: (next) => PRODUCTS.filter(([f]) => s[f] && !next[f]).map(([, p]) => t(`ops.siteConfig.products.${p}`)),
  });
  const c = form.control;
  const permissionOptions = PERMISSION_TREE.map((e) => ({
    value: e.id,
    label: `${e.id} ${[...(e.breadcrumb ?? []).slice(0, -1).map((zh) => PERMISSION_TREE.find((x) => x.permissionName.zh === zh)?.permissionName[lang] ?? zh), e.permissionName[lang]].join(" / ")}`,
  }));
  return (
    <Form layout="horizontal" labelCol={{ flex: "140px" }} onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.siteConfig.partnerForm", { name: item.key })}>
      <Form.Item label={t("ops.siteConfig.productsLabel")} style={{ marginBottom: 8 }}>
        <div className="tp-switch-row">
          {PRODUCTS.map(([f, p]) => (
            <FormField key={f} control={c} name={f} valuePropName="checked">
              <Switch checkedChildren={t(`ops.siteConfig.products.${p}`)} unCheckedChildren={t(`ops.siteConfig.products.${p}`)} aria-label={t(`ops.siteConfig.products.${p}`)} />
            </FormField>
          ))}
        </div>
      </Form.Item>
      <Form.Item label={t("ops.siteConfig.switchesLabel")} style={{ marginBottom: 8 }}>
        <div className="tp-switch-row">
          {SWITCHES.map((f) => (
            <FormField key={f} control={c} name={f} valuePropName="checked">
              <Switch checkedChildren={t(`ops.siteConfig.switches.${f}`)} unCheckedChildren={t(`ops.siteConfig.switches.${f}`)} aria-label={t(`ops.siteConfig.switches.${f}`)} />
            </FormField>
          ))}
        </div>
      </Form.Item>
      <FormField control={c} name="payLabel" label={t("ops.siteConfig.payLabel")}>
        <Radio.Group options={PAY_LABELS.map((l) => ({ value: l, label: t(`ops.siteConfig.payLabels.${l === "立即支付" ? "payNow" : "confirm"}`) }))} />
      </FormField>
      <FormField control={c} name="telephones" label={t("ops.siteConfig.telephones")} extra={t("ops.siteConfig.telephonesHint")}>
        <PhoneList max={SITE_PHONES_MAX} />
      </FormField>
      <FormField control={c} name="headerQrUrl" label={t("ops.siteConfig.headerQrUrl")}>
        <Input maxLength={SITE_URL_MAX} allowClear style={{ maxWidth: 480 }} placeholder="https://" />
      </FormField>
      <FormField control={c} name="permissionsIds" label={t("ops.siteConfig.permissionsIds")} extra={t("ops.siteConfig.permissionsIdsHint")}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={permissionOptions} style={{ maxWidth: 720 }} aria-label={t("ops.siteConfig.permissionsIds")} />
      </FormField>
      <TextOverrides control={c} names={[["titleZh", "titleEn", "title"], ["welcomeZh", "welcomeEn", "welcome"]]} />
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>{t("ops.save")}</Button>
        <FormMessage refusal={state.refusal} />
      </Form.Item>
    </Form>
  );
}
