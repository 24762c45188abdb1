// A site's texts an operator may override, Chinese and English side by side; empty keeps the
// code's own text in that language.
import { useTranslate } from "@refinedev/core";
import { Input, Space } from "antd";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { SITE_TEXT_MAX } from "../../domain/ops/site-config";

export function TextOverrides<V extends FieldValues>({ control, names }: { control: Control<V>; names: [Path<V>, Path<V>, string][] }) {
  const t = useTranslate();
  return (
    <>
      {names.map(([zh, en, label]) => (
        <Space key={label} align="start" wrap>
          <FormField control={control} name={zh} label={t("ops.siteConfig.textIn", { text: t(`ops.siteConfig.texts.${label}`), lang: t("ops.siteConfig.zh") })}>
            <Input maxLength={SITE_TEXT_MAX} allowClear style={{ width: 260 }} placeholder={t("ops.siteConfig.keepDefault")} />
          </FormField>
          <FormField control={control} name={en} label={t("ops.siteConfig.textIn", { text: t(`ops.siteConfig.texts.${label}`), lang: t("ops.siteConfig.en") })}>
            <Input maxLength={SITE_TEXT_MAX} allowClear style={{ width: 260 }} placeholder={t("ops.siteConfig.keepDefault")} />
          </FormField>
        </Space>
      ))}
    </>
  );
}
