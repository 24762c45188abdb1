// The replace-booker dialog: who books, and for whom (the whole company, departments with their
// sub-departments, or named colleagues), checked with the server's own schema before saving.
import { useState } from "react";
import { Alert, App, Form, Modal, Radio, Select } from "antd";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { BOOKER_SCOPES, replaceBookerFormSchema, type BookerScope } from "../../domain/policy";
import { BOOKER_PATHS, type BookerRow } from "./index";

interface Values {
  bookerEmployeeId?: number;
  scope?: BookerScope;
  departmentIds?: number[];
  employeeIds?: number[];
}

export interface Option {
  value: number;
  label: string;
}

export function BookerDialog({ row, people, departments, onClose, onSaved }: {
  /** The rule being edited; undefined for a new one. */
  row?: BookerRow;
  people: Option[];
  departments: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<BookerRow>();
  const scope = Form.useWatch("scope", form);

  const save = () => {
    setRefusal(null);
    const v = form.getFieldsValue(true) as Values;
    const input = {
      bookerEmployeeId: v.bookerEmployeeId as number,
      scope: v.scope as BookerScope,
      departmentIds: v.scope === "departments" ? (v.departmentIds ?? []) : [],
      employeeIds: v.scope === "employees" ? (v.employeeIds ?? []) : [],
    };
    const r = replaceBookerFormSchema.safeParse(input);
    if (!r.success) {
      const seen = new Map<string, string>();
      for (const i of r.error.issues) {
        const name = String(i.path[0] ?? "bookerEmployeeId");
        if (!seen.has(name)) seen.set(name, i.message);
      }
      form.setFields([...seen].map(([name, errors]) => ({ name: name as keyof Values, errors: [errors] })));
      return;
    }
    // Catalogue paths beginning with /api need the API base in front (the provider strips one).
    mutate(
      { url: BOOKER_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("travel.bookers.saved"));
          onSaved();
        },
        onError: (e: HttpError) => setRefusal(e.message || t("travel.saveError")),
      },
    );
  };

  return (
    <Modal
      open
      title={t(row ? "travel.bookers.editTitle" : "travel.bookers.add")}
      okText={t("travel.standards.save")}
      cancelText={t("travel.cancel")}
      onOk={save}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      width={560}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          row
            ? { bookerEmployeeId: row.bookerEmployeeId, scope: row.scope, departmentIds: row.departments.map((d) => d.id), employeeIds: row.employees.map((e) => e.id) }
            : { scope: "departments", departmentIds: [], employeeIds: [] }
        }
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}
      >
        <Form.Item name="bookerEmployeeId" label={t("travel.bookers.booker")} required>
          <Select showSearch optionFilterProp="label" options={people} disabled={Boolean(row)} placeholder={t("travel.bookers.pickBooker")} />
        </Form.Item>
        <Form.Item name="scope" label={t("travel.bookers.scope")} required>
          <Radio.Group options={BOOKER_SCOPES.map((s) => ({ value: s, label: t(`travel.bookers.scopes.${s}`) }))} />
        </Form.Item>
        {scope === "departments" && (
          <Form.Item name="departmentIds" label={t("travel.bookers.departments")} extra={t("travel.bookers.departmentsHelp")}>
            <Select mode="multiple" optionFilterProp="label" options={departments} placeholder={t("travel.flows.pickDepartments")} />
          </Form.Item>
        )}
        {scope === "employees" && (
          <Form.Item name="employeeIds" label={t("travel.bookers.employees")}>
            <Select mode="multiple" optionFilterProp="label" options={people} placeholder={t("travel.flows.pickEmployees")} />
          </Form.Item>
        )}
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
      </Form>
    </Modal>
  );
}
