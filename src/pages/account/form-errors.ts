// Shows a form's one error (only the first is shown) under its antd field.
import type { FormInstance } from "antd";

export function showFirstError(form: FormInstance, first: { field: string; message: string } | null): void {
  // Only fields that show something are cleared: rewriting untouched ones makes rc-field-form
  // compare shared empty arrays and warn about "circular references".
  const shown = form.getFieldsError().filter((f) => f.errors.length > 0);
  form.setFields(shown.map((f) => ({ name: f.name, errors: [] })));
  if (first) form.setFields([{ name: first.field, errors: [first.message] }]);
}
