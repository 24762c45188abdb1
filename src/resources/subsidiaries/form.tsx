// Adding or editing a child company in a drawer over the list: company name, unified social
// credit code (its check character verified by the server's own schema before saving), contact,
// mobile, address and status. The edit form reads the detail, whose mobile is not masked.
import { useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Drawer, Form, Input, Radio, Result, Skeleton, Space } from "antd";
import {
  CONTACT_NAME_MAX, SUBSIDIARY_ADDRESS_MAX, SUBSIDIARY_NAME_MAX, subsidiaryFormSchema, type SubsidiaryRow,
} from "../../domain/people/network";
import { FormField, FormMessage } from "../../components/FormField";
import { useResourceSave } from "../useResourceSave";

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

/** `id`: null when closed, 0 to add, else the child company to edit. */
export function SubsidiaryDrawer({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const t = useTranslate();
  return (
    <Drawer open={id !== null} onClose={onClose} width={560} destroyOnHidden title={t(id ? "network.subsidiaries.editTitle" : "network.subsidiaries.addTitle")}>
      {id !== null && (
        <SubsidiaryForm
          key={id}
          id={id || undefined}
          onCancel={onClose}
          onDone={() => {
            onSaved();
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}

function SubsidiaryForm({ id, onCancel, onDone }: { id?: number; onCancel: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { result, query } = useOne<SubsidiaryRow, HttpError>({ resource: "subsidiaries", id, queryOptions: { enabled: id !== undefined } });
  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id !== undefined && query.error) {
    return <Result status="error" title={t("network.subsidiaries.loadError")} subTitle={query.error.message} extra={<Button onClick={() => query.refetch()}>{t("network.subsidiaries.retry")}</Button>} />;
  }
  return <SubsidiaryFields id={id} initial={result ? valuesOf(result) : EMPTY} onCancel={onCancel} onDone={onDone} />;
}

function SubsidiaryFields({ id, initial, onCancel, onDone }: { id?: number; initial: Values; onCancel: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { control, submit, saving, refusal } = useResourceSave<Values, SubsidiaryRow>({
    resource: "subsidiaries", id, schema: () => subsidiaryFormSchema, defaultValues: initial, fields: () => FIELDS, toPayload: payloadOf, onSaved: onDone,
  });
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
