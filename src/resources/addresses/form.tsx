// The address dialog: receiver, mobile, province/city/district in a cascader over the division
// data, detail, postcode and the default flag; checked with the server's schema before saving.
import { useTranslation } from "react-i18next";
import { useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Cascader, Form, Input, Modal, Result, Skeleton, Switch } from "antd";
import { ADDRESS_DETAIL_MAX, RECEIVER_MAX, addressFormSchema, type AddressRow } from "../../domain/people/address";
import { DIVISIONS, type Division } from "../../domain/people/division";
import { useFormSave } from "../useFormSave";

interface AddressValues {
  receiver?: string;
  mobilePhone?: string;
  region?: string[];
  detail?: string;
  postcode?: string;
  isDefault?: boolean;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
}
const toOption = (d: Division): Option => ({ value: d.code, label: d.name, children: d.children?.map(toOption) });
const OPTIONS = DIVISIONS.map(toOption);

const payloadOf = (v: AddressValues) => ({
  receiver: v.receiver ?? "",
  mobilePhone: v.mobilePhone?.trim() ?? "",
  provinceCode: v.region?.[0] ?? "",
  cityCode: v.region?.[1] ?? "",
  districtCode: v.region?.[2] ?? "",
  detail: v.detail ?? "",
  postcode: v.postcode?.trim() ?? "",
  isDefault: v.isDefault ? 1 : 0,
});
const valuesOf = (a: AddressRow): AddressValues => ({
  receiver: a.receiver, mobilePhone: a.mobilePhone, region: [a.provinceCode, a.cityCode, a.districtCode], detail: a.detail, postcode: a.postcode ?? "", isDefault: a.isDefault === 1,
});
// The three codes are one field on the form.
const fieldOf = (key: string) => (/^(province|city|district)Code$/.test(key) ? "region" : /^(receiver|mobilePhone|detail|postcode|isDefault)$/.test(key) ? key : null);

/** `id`: null when closed, 0 to add, else the address to edit. */
export function AddressDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={640} destroyOnHidden title={t(id ? "addresses.editTitle" : "addresses.addTitle")}>
      {id !== null && <AddressForm key={id} id={id || undefined} onDone={onClose} />}
    </Modal>
  );
}

function AddressForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddressValues>();
  const { result, query } = useOne<AddressRow, HttpError>({ resource: "addresses", id, queryOptions: { enabled: id !== undefined } });
  const { save, saving, formError } = useFormSave<AddressValues, AddressRow>(form, {
    resource: "addresses", id, schema: addressFormSchema, toPayload: payloadOf, fieldOf, onSaved: onDone,
  });

  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (id !== undefined && query.error) {
    return <Result status="error" title={t("addresses.loadError")} subTitle={query.error.message} extra={<Button onClick={() => query.refetch()}>{t("passengers.retry")}</Button>} />;
  }
  return (
    <Form<AddressValues> form={form} layout="vertical" onFinish={save} requiredMark={false} initialValues={result ? valuesOf(result) : { isDefault: false }} aria-label={t("addresses.formLabel")}>
      <Form.Item name="receiver" label={t("addresses.receiver")}>
        <Input maxLength={RECEIVER_MAX} placeholder={t("addresses.receiverPlaceholder")} />
      </Form.Item>
      <Form.Item name="mobilePhone" label={t("addresses.mobile")}>
        <Input maxLength={11} inputMode="numeric" placeholder={t("passengers.form.mobilePlaceholder")} />
      </Form.Item>
      <Form.Item name="region" label={t("addresses.region")}>
        <Cascader options={OPTIONS} placeholder={t("addresses.regionPlaceholder")} showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }} />
      </Form.Item>
      <Form.Item name="detail" label={t("addresses.detail")}>
        <Input.TextArea maxLength={ADDRESS_DETAIL_MAX} rows={2} placeholder={t("addresses.detailPlaceholder")} />
      </Form.Item>
      <Form.Item name="postcode" label={t("addresses.postcode")}>
        <Input maxLength={6} inputMode="numeric" placeholder={t("addresses.postcodePlaceholder")} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="isDefault" label={t("addresses.isDefault")} valuePropName="checked">
        <Switch />
      </Form.Item>
      {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
      <Button type="primary" htmlType="submit" loading={saving}>{t("passengers.save")}</Button>
      <Button style={{ marginLeft: 8 }} onClick={onDone}>{t("passengers.cancel")}</Button>
    </Form>
  );
}
