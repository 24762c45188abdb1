// The replace-booker dialog: who books, and for whom (the whole company, departments with their
// sub-departments, or named colleagues), checked with the server's own schema before saving.
import { Alert, App, Form, Modal, Radio, Select } from "antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { BOOKER_SCOPES, replaceBookerFormSchema, type BookerScope } from "../../domain/policy";
import { FormField, applyRefusal, useSubmitState, useZodForm } from "../../components/FormField";
import { PeopleSelect, personOf, type Person } from "../employees/PeopleSelect";
import { BOOKER_PATHS, type BookerRow } from "./index";

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

export function BookerDialog({ row, departments, onClose, onSaved }: {
  /** The rule being edited; undefined for a new one. */
  row?: BookerRow;
  departments: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { mutateAsync, mutation } = useCustomMutation<BookerRow>();
  const { control, handleSubmit, setError, watch } = useZodForm<Values>(() => replaceBookerFormSchema, {
    raw: true,
    defaultValues: row
      ? { bookerEmployeeId: row.bookerEmployeeId, scope: row.scope, departmentIds: row.departments.map((d) => d.id), employeeIds: row.employees.map((e) => e.id) }
      : { scope: "departments", departmentIds: [], employeeIds: [] },
  });
  const state = useSubmitState(watch);
  const scope = watch("scope");
  // The saved rule's people show by name before any search.
  const known: Person[] = row
    ? [personOf(row.bookerEmployeeId, row.bookerName, row.bookerMobile, row.bookerDepartmentName), ...row.employees.map((e) => personOf(e.id, e.name, null, null))]
    : [];

  // Only the list the scope names is kept: the other one, picked before the scope changed, goes empty.
  const save = (v: Values) =>
    state.run(async () => {
      const input = {
        bookerEmployeeId: v.bookerEmployeeId as number,
        scope: v.scope,
        departmentIds: v.scope === "departments" ? v.departmentIds : [],
        employeeIds: v.scope === "employees" ? v.employeeIds : [],
      };
      try {
        // Catalogue paths beginning with /api need the API base in front (the provider strips one).
        await mutateAsync({ url: BOOKER_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false });
        message.success(t("travel.bookers.saved"));
        onSaved();
        return null;
      } catch (e) {
        return applyRefusal<Values>(e, FIELDS, setError) || t("travel.saveError");
      }
    });

  return (
    <Modal
      open
      title={t(row ? "travel.bookers.editTitle" : "travel.bookers.add")}
      okText={t("travel.standards.save")}
      cancelText={t("travel.cancel")}
      onOk={() => void handleSubmit(save)()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
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
        {state.refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={state.refusal} />}
      </Form>
    </Modal>
  );
}
