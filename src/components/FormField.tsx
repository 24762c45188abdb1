// The one way a portal form binds an antd input: react-hook-form (through Refine's useForm) holds
// the values, the same zod schema the server checks them with is the resolver, and FormField
// shows a field's message under it. Server refusals that name fields (data.errors of a ret 400)
// land under those fields; any other refusal is the form's own message line.
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Form } from "antd";
import { Controller, type Control, type FieldErrors, type FieldPath, type FieldValues, type UseFormSetError, type UseFormWatch } from "react-hook-form";
import type { FieldOf } from "./form-errors";
import "./form-field.css";

export interface FormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label?: ReactNode;
  /** The antd input. FormField gives it value, onChange, onBlur and ref. */
  children: ReactElement;
  /** "checked" for a Checkbox. */
  valuePropName?: "value" | "checked";
  /** Beside the input, inside the field (the captcha picture, the send-code button). */
  addon?: ReactNode;
  /** The field stays plain even when it fails: forms that show only their first error. */
  hideError?: boolean;
  /** Marks the label as required (the schema, not this mark, decides). */
  required?: boolean;
  /** A hint under the field (below its message). */
  extra?: ReactNode;
  className?: string;
}

export function FormField<T extends FieldValues>({ control, name, label, children, valuePropName = "value", addon, hideError, required, extra, className }: FormFieldProps<T>) {
  // The label names its input (getByLabelText, screen readers): one id per field on the page.
  const ownId = useId();
  const id = ((children.props as { id?: string }).id ?? ownId) as string;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // Read before deciding: reading it is what subscribes this field to its error, so a field
        // hidden now still shows its message when it becomes the first one.
        const own = fieldState.error?.message;
        const error = hideError ? undefined : own;
        const input = cloneElement(children as ReactElement<Record<string, unknown>>, {
          id,
          [valuePropName]: valuePropName === "checked" ? Boolean(field.value) : field.value,
          onChange: (e: unknown) => {
            const target = (e as { target?: { checked?: unknown } } | null)?.target;
            field.onChange(valuePropName === "checked" && target ? Boolean(target.checked) : e);
          },
          onBlur: field.onBlur,
          ref: field.ref,
          name: field.name,
          "aria-invalid": error ? true : undefined,
        });
        return (
          <Form.Item label={label} htmlFor={label ? id : undefined} required={required} validateStatus={error ? "error" : undefined} help={error} extra={extra} className={className}>
            {addon ? (
              <div className="tp-field__row">
                {input}
                {addon}
              </div>
            ) : (
              input
            )}
          </Form.Item>
        );
      }}
    />
  );
}

/** The first field in `order` that has an error, or null. */
export function firstErrorField<T extends FieldValues>(errors: FieldErrors<T>, order: readonly FieldPath<T>[]): FieldPath<T> | null {
  return order.find((name) => errors[name]?.message) ?? null;
}

/**
 * Refine's useForm settings for a form that saves no record of its own (it signs in through the
 * auth provider, filters a report, or books through usePriceCheckedBooking): action "create"
 * keeps Refine from loading the record of the page it sits on (a dialog over an order's page must
 * not fetch that order), and a half-filled form is no reason to ask before leaving.
 */
export const NO_RECORD = { warnWhenUnsavedChanges: false, refineCoreProps: { action: "create" } } as const;

/**
 * refineCoreProps of a form whose page shows the outcome itself: a refusal under its fields or on
 * its message line, a success as the page's own notice; so no corner notification, and the page
 * stays where it is after the save.
 */
export const QUIET_SAVE = { redirect: false, successNotification: false, errorNotification: false } as const;

/** What a refusal carries: Refine's HttpError `errors`, or the envelope's data.errors. */
export function refusalFieldErrors(error: unknown): Record<string, string> {
  const e = (error ?? {}) as { errors?: unknown; reply?: { data?: { errors?: unknown } | null } | null };
  const raw = e.errors ?? e.reply?.data?.errors;
  if (!raw || typeof raw !== "object") return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(raw)) {
    if (typeof message === "string") out[field] = message;
    else if (Array.isArray(message) && message.every((m) => typeof m === "string")) out[field] = message.join(" ");
  }
  return out;
}

/**
 * The session expired (401): the request layer has already said so, once, and gone to sign in;
 * the form adds no second message.
 */
export function sessionEnded(error: unknown): boolean {
  const e = (error ?? {}) as { kind?: unknown; statusCode?: unknown };
  return e.kind === "unauthorised" || e.statusCode === 401;
}

/**
 * Puts a refusal's field messages under the form's fields (`fieldOf` names the field that shows a
 * server key, when they differ). Returns the message still to show on the form's line: the
 * refusal's own text when none of its fields is in the form, else null.
 */
export function applyRefusal<T extends FieldValues>(error: unknown, fields: readonly FieldPath<T>[], setError: UseFormSetError<T>, fieldOf?: FieldOf): string | null {
  if (sessionEnded(error)) return null;
  const errors = refusalFieldErrors(error);
  const placed = new Set<string>();
  for (const [key, message] of Object.entries(errors)) {
    const name = (fieldOf ? fieldOf(key) : key) as FieldPath<T>;
    if (!message || placed.has(name) || !fields.includes(name)) continue;
    setError(name, { type: "server", message });
    placed.add(name);
  }
  if (placed.size) return null;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : String(error ?? "");
}

/**
 * A form's one message line (role alert). It shows a refusal that belongs to no field; given
 * `announce` (the first field's message, already shown under that field), it carries that text
 * for screen readers only.
 */
export function FormMessage({ refusal, announce, className }: { refusal: string | null; announce?: string | null; className?: string }) {
  const text = refusal ?? announce ?? "";
  const hidden = !refusal && !!announce;
  return (
    <div className={`tp-form-message${hidden ? " tp-sr-only" : ""}${className ? ` ${className}` : ""}`} role="alert" aria-live="polite">
      {text}
    </div>
  );
}

/**
 * One submit at a time (Enter pressed again while the call is out is ignored), and the refusal
 * line: cleared by a new submit or by the person editing a field.
 */
export function useSubmitState<T extends FieldValues>(watch: UseFormWatch<T>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = useRef(false);
  useEffect(() => {
    // "change" is an edit through an input; values set by code (a renewed captcha) keep the line.
    const sub = watch((_, { type }) => {
      if (type === "change") setRefusal(null);
    });
    return () => sub.unsubscribe();
  }, [watch]);
  const run = async (submit: () => Promise<string | null>) => {
    if (busy.current) return;
    busy.current = true;
    setRefusal(null);
    try {
      setRefusal(await submit());
    } finally {
      busy.current = false;
    }
  };
  return { refusal, setRefusal, run, clear: () => setRefusal(null) };
}
