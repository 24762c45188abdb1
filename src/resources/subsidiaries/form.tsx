// Adding or editing a child company in a drawer over the list: company name, unified social
// credit code (its check character verified by the server's own schema before saving), contact,
// mobile, address and status. The edit form reads the detail, whose mobile is not masked.
import { useTranslate } from "@refinedev/core";
import { Button, Drawer, Form, Input, Radio, Result, Skeleton, Space } from "antd";
import {
  CONTACT_NAME_MAX, SUBSIDIARY_ADDRESS_MAX, SUBSIDIARY_NAME_MAX, subsidiaryFormSchema, type SubsidiaryRow,
} from "../../domain/people/network";
import { FormField, FormMessage } from "../../components/FormField";
import { useResourceForm } from "../useResourceForm";

interface Values {
  name: string;
  creditCode: string;
  contactName: string;
  contactMobile: string;
  address: string;
  status: 0 | 1;
}

const EMPTY: Values = { name: "", creditCode: "", contactName: "", contactMobile: "", address: "", status: 1 };
const FIELDS = ["name", "creditCode", "contactName", "contactMobile", "address", "status"] as const;
const payloadOf = (v: Values) => ({ ...v, contactMobile: v.contactMobile.trim() });
const valuesOf = (r: SubsidiaryRow): Values => ({
  name: r.name, creditCode: r.creditCode, contactName: r.contactName, contactMobile: r.contactMobile, address: r.address ?? "", status: r.status,
});

/** `id`: null when closed, 0 to add, else the child company to edit. Refine refreshes the list after a save. */
export function SubsidiaryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Drawer open={id !== null} onClose={onClose} width={560} destroyOnHidden title={t(id ? "network.subsidiaries.editTitle" : "network.subsidiaries.addTitle")}>
      {id !== null && (
        <SubsidiaryForm
          key={id}
          id={id || undefined}
          onCancel={onClose}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}

/** Refine loads the child company (edit) and creates or updates it; the drawer closes once saved. */
export function SubsidiaryForm({ id, onCancel, onDone }: { id?: number; onCancel: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { control, submit, saving, loading, loadError, reload, refusal } = useResourceForm<Values, SubsidiaryRow>({
    resource: "subsidiaries", id, schema: () => subsidiaryFormSchema, defaultValues: EMPTY, toValues: valuesOf, input: payloadOf, fields: () => FIELDS, redirect: false, onSaved: onDone,
  });
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (loadError) {
    return <Result status="error" title={t("network.subsidiaries.loadError")} subTitle={loadError.message} extra={<Button onClick={reload}>{t("network.subsidiaries.retry")}</Button>} />;
  }
  const s = (k: string) => t(`network.subsidiaries.${k}`);
  return (
    <Form name="subsidiary" layout="vertical" requiredMark={false} onFinish={submit} aria-label={s("formLabel")}>
      <FormField control={control} name="name" label={s("name")}>
        <Input maxLength={SUBSIDIARY_NAME_MAX} placeholder={s("namePlaceholder")} />
      </FormField>
      <FormField control={control} name="creditCode" label={s("creditCode")}>
        <Input maxLength={18} placeholder={s("creditCodePlaceholder")} style={{ textTransform: "uppercase" }} />
      </FormField>
      <FormField control={control} name="contactName" label={s("contactName")}>
        <Input maxLength={CONTACT_NAME_MAX} placeholder={s("contactNamePlaceholder")} />
      </FormField>
      <FormField control={control} name="contactMobile" label={s("contactMobile")}>
        <Input maxLength={11} inputMode="numeric" placeholder={s("contactMobilePlaceholder")} />
      </FormField>
      <FormField control={control} name="address" label={s("address")}>
        <Input.TextArea maxLength={SUBSIDIARY_ADDRESS_MAX} rows={2} placeholder={s("addressPlaceholder")} />
      </FormField>
      <FormField control={control} name="status" label={s("status")}>
        <Radio.Group options={[{ value: 1, label: s("enabled") }, { value: 0, label: s("disabled") }]} />
      </FormField>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{s("save")}</Button>
        <Button onClick={onCancel}>{s("cancel")}</Button>
      </Space>
    </Form>
  );
}
