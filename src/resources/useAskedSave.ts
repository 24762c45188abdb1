// A console form's save, asked first where it matters: the question (antd's confirm dialog; not
// answered yes, nothing is sent), then Refine's save through the form, and its outcome: `onSaved`
// with the reply, or the server's refusal under its field, else on the form's message line. One
// save at a time: pressing save again while the question is open or the call is out does nothing.
import { App } from "antd";
import { useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import type { UseFormReturnType } from "@refinedev/react-hook-form";
import type { FieldPath, FieldValues } from "react-hook-form";
import { applyRefusal, useSubmitState } from "../components/FormField";
import type { FieldOf } from "../components/form-errors";

export interface SaveQuestion {
  title: string;
  content?: string;
  okText?: string;
}

export interface AskedSaveOptions<V extends FieldValues> {
  /** The question before these values are sent; null or absent: sent at once. */
  ask?: (values: V) => SaveQuestion | null;
  /** What is sent, from the checked values (the values themselves by default). */
  sent?: (values: V) => V;
  /** The form's fields a refusal's field errors may be placed under. */
  fields: readonly FieldPath<V>[];
  /** The form field a refusal's (schema) field stands for, where they differ. */
  fieldOf?: FieldOf;
  onSaved: (reply: BaseRecord | undefined) => void;
}

export function useAskedSave<R extends BaseRecord, V extends FieldValues>(form: UseFormReturnType<R, HttpError, V>, o: AskedSaveOptions<V>) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const state = useSubmitState(form.watch);
  const asked = (q: SaveQuestion) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({ title: q.title, content: q.content, okText: q.okText ?? t("ops.confirm"), cancelText: t("ops.cancel"), onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      const question = o.ask?.(values);
      if (question && !(await asked(question))) return null;
      try {
        const reply = await form.refineCore.onFinish(o.sent ? o.sent(values) : values);
        o.onSaved(reply?.data);
        return null;
      } catch (e) {
        return applyRefusal<V>(e, o.fields, form.setError, o.fieldOf);
      }
    }),
  );
  return { state, submit, saving: form.refineCore.mutation.isPending };
}
