// 城市等级 (from StandardSettings, 70): the company's three hotel city lists that the nightly caps
// of every standard refer to; a city not listed is 其他城市. Each list is picked from the city list
// (Chinese or pinyin search); a city may stand in one tier only, so a city chosen in another tier
// is shown there and cannot be picked twice. Checked with the server's own schema.
import { useState } from "react";
import { Alert, App, Button, Drawer, Form, Select, Skeleton, Space, Typography } from "antd";
import { useCustom, useCustomMutation, useInvalidate, useTranslate } from "@refinedev/core";
import type { FieldPath } from "react-hook-form";
import { CITY_TIERS, LISTED_TIERS, cityTiersSchema, type CityTiers, type ListedTier } from "../../domain/policy";
import { FormField, FormMessage, applyRefusal, useSubmitState, useZodForm } from "../../components/FormField";
import { unshownProblem } from "../../components/form-errors";
import { useCodes } from "../../components/use-codes";
import { CAR_PATHS, type CityOption } from "../car-standards";
import { STANDARD_PATHS } from "./index";

type TierValues = Record<ListedTier, string[]>;

const FIELDS = LISTED_TIERS as unknown as FieldPath<TierValues>[];
/** A server or schema path such as tier2.3.code lands on its tier's picker. */
const tierFieldOf = (path: string) => path.split(".")[0] ?? path;
const rowsOf = <T,>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

export function CityTiersButton() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("travel.tiers.open")}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t("travel.tiers.title")} width={640} destroyOnHidden>
        {open && <TiersLoader onDone={() => setOpen(false)} />}
      </Drawer>
    </>
  );
}

function TiersLoader({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  // Read afresh each time the drawer opens (nothing cached outlives it), so the form starts from
  // what was saved last, never from an older copy.
  const tiers = useCustom<CityTiers>({ url: STANDARD_PATHS.cityTiers, method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { refetchOnWindowFocus: false, gcTime: 0 } });
  const cities = useCustom<CityOption[]>({ url: CAR_PATHS.cities, method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { staleTime: Infinity } });
  const error = tiers.query.error ?? cities.query.error;
  if (error) {
    return <Alert type="error" showIcon message={error.message || t("travel.loadError")} action={<Button size="small" onClick={() => { void tiers.query.refetch(); void cities.query.refetch(); }}>{t("travel.retry")}</Button>} />;
  }
  if (tiers.query.isLoading || cities.query.isLoading || !tiers.result.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <TiersForm saved={tiers.result.data as CityTiers} cityRows={rowsOf<CityOption>(cities.result.data)} onDone={onDone} />;
}

function TiersForm({ saved, cityRows, onDone }: { saved: CityTiers; cityRows: CityOption[]; onDone: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<CityTiers>();
  const nameOf = (code: string) => cityRows.find((c) => c.code === code)?.name ?? LISTED_TIERS.flatMap((k) => saved[k]).find((c) => c.code === code)?.name ?? code;
  const { control, handleSubmit, setError, watch } = useZodForm<TierValues>(() => cityTiersSchema, {
    raw: true,
    input: (v) => Object.fromEntries(LISTED_TIERS.map((k) => [k, (v[k] ?? []).map((code) => ({ code, name: nameOf(code) }))])),
    fieldOf: tierFieldOf,
    defaultValues: Object.fromEntries(LISTED_TIERS.map((k) => [k, saved[k].map((c) => c.code)])) as TierValues,
  });
  const state = useSubmitState(watch);
  const values = watch();
  const tierOf = new Map<string, ListedTier>(LISTED_TIERS.flatMap((k) => (values[k] ?? []).map((code) => [code, k] as const)));

  const submit = handleSubmit(
    (input) =>
      state.run(async () => {
        try {
          await mutateAsync({ url: STANDARD_PATHS.saveCityTiers, method: "post", values: input, successNotification: false, errorNotification: false });
          message.success(t("travel.tiers.saved"));
          invalidate({ resource: "travel-standards", invalidates: ["list"] });
          onDone();
          return null;
        } catch (e) {
          applyRefusal<TierValues>(e, FIELDS, setError, tierFieldOf);
          return (e as { message?: string }).message || t("travel.saveError");
        }
      }),
    (errors) => state.setRefusal(unshownProblem(errors, FIELDS)),
  );

  return (
    <Form layout="vertical" onFinish={() => void submit()} aria-label={t("travel.tiers.title")}>
      <Typography.Paragraph type="secondary">{t("travel.tiers.help")}</Typography.Paragraph>
      {LISTED_TIERS.map((tier) => (
        <FormField key={tier} control={control} name={tier} label={`${codeLabel(CITY_TIERS, tier)}（${t("travel.tiers.count", { count: values[tier]?.length ?? 0 })}）`}>
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
                label: taken ? `${c.name}（${t("travel.tiers.inTier", { tier: codeLabel(CITY_TIERS, elsewhere) })}）` : c.name,
              };
            })}
          />
        </FormField>
      ))}
      <Typography.Paragraph type="secondary">{t("travel.tiers.other")}</Typography.Paragraph>
      <FormMessage refusal={state.refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>{t("travel.tiers.save")}</Button>
        <Button onClick={onDone}>{t("travel.cancel")}</Button>
      </Space>
    </Form>
  );
}
