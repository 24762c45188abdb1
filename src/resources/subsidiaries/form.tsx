// Adding or editing a child company in a drawer over the list: company name, unified social
// credit code (its check character verified by the server's own schema before saving), contact,
// mobile, address and status. The edit form reads the detail, whose mobile is not masked.
import { useTranslation } from "react-i18next";
import { useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Drawer, Form, Input, Radio, Result, Skeleton, Space } from "antd";
import {
  CONTACT_NAME_MAX, SUBSIDIARY_ADDRESS_MAX, SUBSIDIARY_NAME_MAX, subsidiaryFormSchema, type SubsidiaryRow,
} from "../../domain/people/network";
import { useFormSave } from "../useFormSave";

interface Values {
  name?: string;
  creditCode?: string;
  contactName?: string;
  contactMobile?: string;
  address?: string;
  status?: 0 | 1;
}

const FIELDS = new Set(["name", "creditCode", "contactName", "contactMobile", "address", "status"]);
const fieldOf = (key: string) => (FIELDS.has(key) ? key : null);
const payloadOf = (v: Values) => ({
  name: v.name ?? "",
  creditCode: v.creditCode ?? "",
  contactName: v.contactName ?? "",
  contactMobile: v.contactMobile?.trim() ?? "",
  address: v.address ?? "",
  status: v.status ?? 1,
});
const valuesOf = (r: SubsidiaryRow): Values => ({
  name: r.name, creditCode: r.creditCode, contactName: r.contactName, contactMobile: r.contactMobile, address: r.address ?? "", status: r.status,
});

/** `id`: null when closed, 0 to add, else the child company to edit. */
export function SubsidiaryDrawer({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
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
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { result, query } = useOne<SubsidiaryRow, HttpError>({ resource: "subsidiaries", id, queryOptions: { enabled: id !== undefined } });
  const { save, saving, formError } = useFormSave<Values, SubsidiaryRow>(form, {
    resource: "subsidiaries", id, schema: subsidiaryFormSchema, toPayload: payloadOf, fieldOf, onSaved: onDone,
  });

  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id !== undefined && query.error) {
    return <Result status="error" title={t("network.subsidiaries.loadError")} subTitle={query.error.message} extra={<Button onClick={() => query.refetch()}>{t("network.subsidiaries.retry")}</Button>} />;
  }
  const s = (k: string) => t(`network.subsidiaries.${k}`);
  return (
    <Form<Values> form={form} name="subsidiary" layout="vertical" requiredMark={false} onFinish={save} initialValues={result ? valuesOf(result) : { status: 1 }} aria-label={s("formLabel")}>
      <Form.Item name="name" label={s("name")}>
        <Input maxLength={SUBSIDIARY_NAME_MAX} placeholder={s("namePlaceholder")} />
      </Form.Item>
      <Form.Item name="creditCode" label={s("creditCode")}>
        <Input maxLength={18} placeholder={s("creditCodePlaceholder")} style={{ textTransform: "uppercase" }} />
      </Form.Item>
      <Form.Item name="contactName" label={s("contactName")}>
        <Input maxLength={CONTACT_NAME_MAX} placeholder={s("contactNamePlaceholder")} />
      </Form.Item>
      <Form.Item name="contactMobile" label={s("contactMobile")}>
        <Input maxLength={11} inputMode="numeric" placeholder={s("contactMobilePlaceholder")} />
      </Form.Item>
      <Form.Item name="address" label={s("address")}>
        <Input.TextArea maxLength={SUBSIDIARY_ADDRESS_MAX} rows={2} placeholder={s("addressPlaceholder")} />
      </Form.Item>
      <Form.Item name="status" label={s("status")}>
        <Radio.Group options={[{ value: 1, label: s("enabled") }, { value: 0, label: s("disabled") }]} />
      </Form.Item>
      {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{s("save")}</Button>
        <Button onClick={onCancel}>{s("cancel")}</Button>
      </Space>
    </Form>
  );
}
