// The address dialog: receiver, mobile, province/city/district in a cascader over the division
// data, detail, postcode and the default flag; checked with the server's schema before saving.
import { useId } from "react";
import { useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Cascader, Form, Input, Modal, Result, Skeleton, Switch } from "antd";
import { useController, type Control } from "react-hook-form";
import { ADDRESS_DETAIL_MAX, RECEIVER_MAX, addressFormSchema, type AddressRow } from "../../domain/people/address";
import { DIVISIONS, type Division } from "../../domain/people/division";
import { FormField, FormMessage } from "../../components/FormField";
import { useResourceForm } from "../useResourceForm";

interface AddressValues {
  receiver: string;
  mobilePhone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  postcode: string;
  isDefault: boolean;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
}
const toOption = (d: Division): Option => ({ value: d.code, label: d.name, children: d.children?.map(toOption) });
const OPTIONS = DIVISIONS.map(toOption);

const EMPTY: AddressValues = { receiver: "", mobilePhone: "", provinceCode: "", cityCode: "", districtCode: "", detail: "", postcode: "", isDefault: false };
const FIELDS = ["receiver", "mobilePhone", "provinceCode", "cityCode", "districtCode", "detail", "postcode", "isDefault"] as const;
const valuesOf = (a: AddressRow): AddressValues => ({
  receiver: a.receiver, mobilePhone: a.mobilePhone, provinceCode: a.provinceCode, cityCode: a.cityCode, districtCode: a.districtCode, detail: a.detail, postcode: a.postcode ?? "", isDefault: a.isDefault === 1,
});
const payloadOf = (v: AddressValues) => ({ ...v, mobilePhone: v.mobilePhone.trim(), postcode: v.postcode.trim() });

/** `id`: null when closed, 0 to add, else the address to edit. */
export function AddressDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={640} destroyOnHidden title={t(id ? "addresses.editTitle" : "addresses.addTitle")}>
      {id !== null && <AddressLoader key={id} id={id || undefined} onDone={onClose} />}
    </Modal>
  );
}

function AddressLoader({ id, onDone }: { id?: number; onDone: () => void }) {
  const t = useTranslate();
  const { result, query } = useOne<AddressRow, HttpError>({ resource: "addresses", id, queryOptions: { enabled: id !== undefined } });
  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (id !== undefined && query.error) {
    return <Result status="error" title={t("addresses.loadError")} subTitle={query.error.message} extra={<Button onClick={() => query.refetch()}>{t("passengers.retry")}</Button>} />;
  }
  return <AddressForm id={id} initial={result ? valuesOf(result) : EMPTY} onDone={onDone} />;
}

function AddressForm({ id, initial, onDone }: { id?: number; initial: AddressValues; onDone: () => void }) {
  const t = useTranslate();
  // The row is at hand (loaded before the form mounts): Refine's form only creates or updates it, and says so.
  const { control, submit, saving, refusal } = useResourceForm<AddressValues, AddressRow>({
    resource: "addresses", id, load: false, redirect: false, notify: true, schema: () => addressFormSchema, defaultValues: initial, fields: () => FIELDS, input: payloadOf, onSaved: onDone,
  });
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} aria-label={t("addresses.formLabel")}>
      <FormField control={control} name="receiver" label={t("addresses.receiver")}>
        <Input maxLength={RECEIVER_MAX} placeholder={t("addresses.receiverPlaceholder")} />
      </FormField>
      <FormField control={control} name="mobilePhone" label={t("addresses.mobile")}>
        <Input maxLength={11} inputMode="numeric" placeholder={t("passengers.form.mobilePlaceholder")} />
      </FormField>
      <RegionField control={control} label={t("addresses.region")} placeholder={t("addresses.regionPlaceholder")} />
      <FormField control={control} name="detail" label={t("addresses.detail")}>
        <Input.TextArea maxLength={ADDRESS_DETAIL_MAX} rows={2} placeholder={t("addresses.detailPlaceholder")} />
      </FormField>
      <FormField control={control} name="postcode" label={t("addresses.postcode")}>
        <Input maxLength={6} inputMode="numeric" placeholder={t("addresses.postcodePlaceholder")} style={{ width: 160 }} />
      </FormField>
      <FormField control={control} name="isDefault" label={t("addresses.isDefault")} valuePropName="checked">
        <Switch />
      </FormField>
      <FormMessage refusal={refusal} />
      <Button type="primary" htmlType="submit" loading={saving}>{t("passengers.save")}</Button>
      <Button style={{ marginLeft: 8 }} onClick={onDone}>{t("passengers.cancel")}</Button>
    </Form>
  );
}

/** Province, city and district are three codes of the form, picked in one cascader. */
function RegionField({ control, label, placeholder }: { control: Control<AddressValues>; label: string; placeholder: string }) {
  const province = useController({ control, name: "provinceCode" });
  const city = useController({ control, name: "cityCode" });
  const district = useController({ control, name: "districtCode" });
  const id = useId();
  const error = province.fieldState.error?.message ?? city.fieldState.error?.message ?? district.fieldState.error?.message;
  const value = [province.field.value, city.field.value, district.field.value].filter(Boolean);
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={error ? "error" : undefined} help={error}>
      <Cascader
        id={id}
        options={OPTIONS}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        value={value.length ? value : undefined}
        onChange={(path) => {
          const codes = (path ?? []).map(String);
          province.field.onChange(codes[0] ?? "");
          city.field.onChange(codes[1] ?? "");
          district.field.onChange(codes[2] ?? "");
        }}
        onBlur={province.field.onBlur}
        showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      />
    </Form.Item>
  );
}
