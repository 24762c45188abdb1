// One of a company's terms as a small form (credit limit, settlement day, service fees): the
// console's useForm with the schema the server checks, the typed yuan turned into fen before the
// check, an optional confirmation before it is sent, and the server's refusal under its field.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App, Button, Form } from "antd";
import type { ReactElement } from "react";
import type { z } from "zod";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import type { OpsCompanyDetail } from "../../domain/ops/companies";
import { OPS_COMPANIES } from ".";

type Values = Record<string, string>;

export interface TermFormProps {
  company: OpsCompanyDetail;
  /** The update action (its path in the resource's endpoints). */
  action: string;
  schema: () => z.ZodType;
  /** The form's fields with their labels, inputs and first values. */
  fields: { name: string; label: string; input: ReactElement; value: string; extra?: string }[];
  /** What is checked and sent, from the typed values. */
  payload: (v: Values) => Record<string, unknown>;
  /** The schema's field (a fen amount) each form field stands for. */
  schemaField?: Record<string, string>;
  /** A question asked before sending (money moves only after it is answered yes). */
  confirm?: (payload: Record<string, unknown>) => string;
  ariaLabel: string;
  onSaved: () => void;
}

export function TermForm({ company, action, schema, fields, payload, schemaField = {}, confirm, ariaLabel, onSaved }: TermFormProps) {
  const t = useTranslate();
  const { modal, message } = App.useApp();
  const formField = (path: string) => Object.keys(schemaField).find((k) => schemaField[k] === path) ?? path;
  const form = useForm<OpsCompanyDetail, HttpError, Values>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, f.value])),
    resolver: schemaResolver<Values>(schema, { raw: true, input: (v) => ({ id: company.id, ...payload(v) }), fieldOf: formField }),
    refineCoreProps: { resource: OPS_COMPANIES, action: "edit", id: company.id, meta: { updateAction: action }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const state = useSubmitState(form.watch);
  const asked = (question: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({ title: question, okText: t("ops.confirm"), cancelText: t("ops.cancel"), onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  const submit = form.handleSubmit((checked) =>
    state.run(async () => {
      if (confirm && !(await asked(confirm(checked)))) return null;
      try {
        await form.refineCore.onFinish(checked);
        void message.success(t("ops.saved"));
        onSaved();
        return null;
      } catch (e) {
        return applyRefusal<Values>(e, fields.map((f) => f.name), form.setError, formField);
      }
    }),
  );
  return (
    <Form layout="inline" onFinish={() => void submit()} requiredMark={false} aria-label={ariaLabel} style={{ rowGap: 8, marginBottom: 8 }}>
      {fields.map((f) => (
        <FormField key={f.name} control={form.control} name={f.name} label={f.label} extra={f.extra}>
          {f.input}
        </FormField>
      ))}
      <Button type="primary" htmlType="submit" loading={form.refineCore.mutation.isPending}>{t("ops.save")}</Button>
      <FormMessage refusal={state.refusal} />
    </Form>
  );
}
