// 城市等级 (from StandardSettings, 70): the company's three hotel city lists that the nightly caps
// of every standard refer to; a city not listed is 其他城市. Each list is picked from the city list
// (Chinese or pinyin search); a city may stand in one tier only, so a city chosen in another tier
// is shown there and cannot be picked twice. Checked with the server's own schema.
import { useState } from "react";
import { Alert, App, Button, Drawer, Form, Select, Skeleton, Space, Typography } from "antd";
import { useInvalidate, useSelect, useTranslate } from "@refinedev/core";
import { CITY_TIERS, LISTED_TIERS, cityTiersSchema, type CityTiers, type ListedTier } from "../../domain/policy";
import { FormField, FormMessage } from "../../components/FormField";
import { useCodes } from "../../components/use-codes";
import type { CityOption } from "../car-standards";
import { CITY_TIERS_ID } from "./index";
import { useResourceForm } from "../useResourceForm";

type TierValues = Record<ListedTier, string[]>;

/** A server or schema path such as tier2.3.code lands on its tier's picker. */
const tierFieldOf = (path: string) => path.split(".")[0] ?? path;
const EMPTY = Object.fromEntries(LISTED_TIERS.map((k) => [k, []])) as unknown as TierValues;
const toTierValues = (saved: CityTiers) => Object.fromEntries(LISTED_TIERS.map((k) => [k, saved[k].map((c) => c.code)])) as TierValues;

export function CityTiersButton() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("travel.tiers.open")}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t("travel.tiers.title")} width={640} destroyOnHidden>
        {open && <TiersForm onDone={() => setOpen(false)} />}
      </Drawer>
    </>
  );
}

/** The tiers as one settings record: Refine reads it each time the drawer opens and saves it as an update. */
export function TiersForm({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { message } = App.useApp();
  // The standards' summaries name the tiers: their list is read again after a save.
  const invalidate = useInvalidate();
  const cities = useSelect<CityOption & { id?: string }>({ resource: "car-cities", optionLabel: "name", optionValue: "code", pagination: { mode: "off" }, errorNotification: false, queryOptions: { staleTime: Infinity } });
  const cityRows = (cities.query.data?.data ?? []) as CityOption[];
  const { control, watch, submit, saving, loading, loadError, reload, refusal } = useResourceForm<TierValues, CityTiers>({
    resource: "city-tiers",
    id: CITY_TIERS_ID,
    fresh: true,
    schema: () => cityTiersSchema,
    defaultValues: EMPTY,
    toValues: toTierValues,
    input: (v, saved) => {
      const nameOf = (code: string) => cityRows.find((c) => c.code === code)?.name ?? LISTED_TIERS.flatMap((k) => saved?.[k] ?? []).find((c) => c.code === code)?.name ?? code;
      return Object.fromEntries(LISTED_TIERS.map((k) => [k, (v[k] ?? []).map((code) => ({ code, name: nameOf(code) }))]));
    },
    fieldOf: tierFieldOf,
    fields: () => LISTED_TIERS,
    redirect: false,
    onSaved: () => {
      message.success(t("travel.tiers.saved"));
      invalidate({ resource: "travel-standards", invalidates: ["list"] });
      onDone();
    },
  });
  const values = watch();
  const tierOf = new Map<string, ListedTier>(LISTED_TIERS.flatMap((k) => (values[k] ?? []).map((code) => [code, k] as const)));

  const error = loadError ?? cities.query.error;
  if (error) {
    return <Alert type="error" showIcon message={error.message || t("travel.loadError")} action={<Button size="small" onClick={() => { reload(); void cities.query.refetch(); }}>{t("travel.retry")}</Button>} />;
  }
  if (loading || cities.query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Form layout="vertical" onFinish={submit} aria-label={t("travel.tiers.title")}>
      <Typography.Paragraph type="secondary">{t("travel.tiers.help")}</Typography.Paragraph>
      {LISTED_TIERS.map((tier) => (
        <FormField key={tier} control={control} name={tier} label={`${codeLabel(CITY_TIERS, tier)}${t("common.parenthesized", { text: t("travel.tiers.count", { count: values[tier]?.length ?? 0 }) })}`}>
          <Select
            mode="multiple"
            showSearch
            allowClear
            aria-label={codeLabel(CITY_TIERS, tier)}
            placeholder={t("travel.tiers.search")}
            filterOption={(input, option) => Boolean(option && `${option.name}${option.pinyin}`.toLowerCase().includes(input.trim().toLowerCase()))}
            options={cityRows.map((c) => {
              const elsewhere = tierOf.get(c.code);
              const taken = elsewhere !== undefined && elsewhere !== tier;
              return {
                value: c.code,
                name: c.name,
                pinyin: c.pinyin,
                disabled: taken,
                label: taken ? `${c.name}${t("common.parenthesized", { text: t("travel.tiers.inTier", { tier: codeLabel(CITY_TIERS, elsewhere) }) })}` : c.name,
              };
            })}
          />
        </FormField>
      ))}
      <Typography.Paragraph type="secondary">{t("travel.tiers.other")}</Typography.Paragraph>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("travel.tiers.save")}</Button>
        <Button onClick={onDone}>{t("travel.cancel")}</Button>
      </Space>
    </Form>
  );
}
