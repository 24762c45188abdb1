// The replace-booker dialog: who books, and for whom (the whole company, departments with their
// sub-departments, or named colleagues), checked with the server's own schema before saving.
import { Alert, App, Form, Modal, Radio, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { BOOKER_SCOPES, replaceBookerFormSchema, type BookerScope } from "../../domain/policy";
import { FormField } from "../../components/FormField";
import { PeopleSelect, personOf, type Person } from "../../components/PeopleSelect";
import type { BookerRow } from "./index";
import { useResourceForm } from "../useResourceForm";

interface Values {
  bookerEmployeeId?: number;
  scope: BookerScope;
  departmentIds: number[];
  employeeIds: number[];
}
const FIELDS = ["bookerEmployeeId", "scope", "departmentIds", "employeeIds"] as const;

export interface Option {
  value: number;
  label: string;
}

/**
 * Refine creates the rule or updates it (the row from the list is the record: there is no detail
 * path) and refreshes the list; the dialog closes once it is saved.
 */
export function BookerDialog({ row, departments, onClose }: {
  /** The rule being edited; undefined for a new one. */
  row?: BookerRow;
  departments: Option[];
  onClose: () => void;
}) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { control, watch, submit, saving, refusal } = useResourceForm<Values, BookerRow>({
    resource: "replace-bookers",
    id: row?.id,
    load: false,
    schema: () => replaceBookerFormSchema,
    defaultValues: row
      ? { bookerEmployeeId: row.bookerEmployeeId, scope: row.scope, departmentIds: row.departments.map((d) => d.id), employeeIds: row.employees.map((e) => e.id) }
      : { scope: "departments", departmentIds: [], employeeIds: [] },
    // Only the list the scope names is kept: the other one, picked before the scope changed, goes empty.
    input: (v) => ({
      bookerEmployeeId: v.bookerEmployeeId as number,
      scope: v.scope,
      departmentIds: v.scope === "departments" ? v.departmentIds : [],
      employeeIds: v.scope === "employees" ? v.employeeIds : [],
    }),
    fields: () => FIELDS,
    redirect: false,
    onSaved: () => {
      message.success(t("travel.bookers.saved"));
      onClose();
    },
  });
  const scope = watch("scope");
  // The saved rule's people show by name before any search.
  const known: Person[] = row
    ? [personOf(row.bookerEmployeeId, row.bookerName, row.bookerMobile, row.bookerDepartmentName), ...row.employees.map((e) => personOf(e.id, e.name, null, null))]
    : [];

  return (
    <Modal
      open
      title={t(row ? "travel.bookers.editTitle" : "travel.bookers.add")}
      okText={t("travel.standards.save")}
      cancelText={t("travel.cancel")}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <FormField control={control} name="bookerEmployeeId" label={t("travel.bookers.booker")} required>
          <PeopleSelect source="employees" known={known} disabled={Boolean(row)} placeholder={t("travel.bookers.pickBooker")} />
        </FormField>
        <FormField control={control} name="scope" label={t("travel.bookers.scope")} required>
          <Radio.Group options={BOOKER_SCOPES.map((s) => ({ value: s, label: t(`travel.bookers.scopes.${s}`) }))} />
        </FormField>
        {scope === "departments" && (
          <FormField control={control} name="departmentIds" label={t("travel.bookers.departments")} extra={t("travel.bookers.departmentsHelp")}>
            <Select mode="multiple" optionFilterProp="label" options={departments} placeholder={t("travel.flows.pickDepartments")} />
          </FormField>
        )}
        {scope === "employees" && (
          <FormField control={control} name="employeeIds" label={t("travel.bookers.employees")}>
            <PeopleSelect source="employees" mode="multiple" known={known} placeholder={t("travel.flows.pickEmployees")} />
          </FormField>
        )}
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
      </Form>
    </Modal>
  );
}
