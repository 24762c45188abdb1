// The application form's values and their translation to the save call's input, checked with the
// same zod schema the server validates with. The form holds the two dates in one range picker
// and the budget in yuan, so the schema's paths (startDate, endDate, budgetFen) are mapped back
// onto those fields, for the browser's own check and for the server's field errors alike.
import type { Dayjs } from "dayjs";
import type { z } from "zod";
import { applicationSaveSchema, yuanToFen, type TravelMode, type TripScope } from "../../domain/policy";

export interface ExternalValues {
  name?: string;
  mobilePhone?: string;
}

export interface ApplicationFormValues {
  purpose?: string;
  scope?: TripScope;
  dates?: [Dayjs | null, Dayjs | null] | null;
  fromCity?: string;
  toCities?: string[];
  travellerEmployeeIds?: number[];
  externalTravellers?: ExternalValues[];
  modes?: TravelMode[];
  budget?: string;
  remark?: string;
}

export type ApplicationInput = z.input<ReturnType<typeof applicationSaveSchema>>;

const trim = (v: string | undefined) => v?.trim() ?? "";
const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function toApplicationInput(values: ApplicationFormValues): ApplicationInput {
  const [start, end] = values.dates ?? [null, null];
  return {
    purpose: trim(values.purpose),
    scope: values.scope ?? ("" as TripScope),
    startDate: start ? start.format("YYYY-MM-DD") : "",
    endDate: end ? end.format("YYYY-MM-DD") : "",
    fromCity: trim(values.fromCity),
    toCities: (values.toCities ?? []).map((c) => c.trim()).filter(Boolean),
    travellerEmployeeIds: values.travellerEmployeeIds ?? [],
    externalTravellers: (values.externalTravellers ?? []).map((x) => ({ name: trim(x.name), mobilePhone: blank(x.mobilePhone) })),
    modes: values.modes ?? [],
    // An unreadable amount is left out, so the schema answers with the budget's own message.
    budgetFen: yuanToFen(values.budget ?? "") ?? (undefined as unknown as number),
    remark: blank(values.remark),
    submit: true,
  };
}

export type FieldName = (string | number)[];

/** A schema or server path ("toCities.1", ["startDate"]) as the form field that shows it. */
export function fieldOf(path: readonly PropertyKey[] | string): FieldName {
  const parts = (typeof path === "string" ? path.split(".") : path.filter((k): k is string | number => typeof k !== "symbol")).map((k) =>
    typeof k === "string" && /^\d+$/.test(k) ? Number(k) : k,
  );
  const [head] = parts;
  if (head === "startDate" || head === "endDate") return ["dates"];
  if (head === "budgetFen") return ["budget"];
  // Lists of plain values show one message on the list's field.
  if (head === "toCities" || head === "travellerEmployeeIds" || head === "modes") return [head];
  if (head === "externalTravellers" && parts.length < 3) return ["travellerEmployeeIds"];
  return parts;
}

/** Every field's first problem; none when the schema accepts the input. `today` is China's date. */
export function problemsOf(input: ApplicationInput, today: string): { name: FieldName; errors: string[] }[] {
  const r = applicationSaveSchema(today).safeParse(input);
  if (r.success) return [];
  return fieldErrors(r.error.issues.map((i) => [i.path, i.message] as const));
}

/** Server field errors ({ "startDate": "…" }) on the form's fields. */
export function serverProblems(errors: Record<string, string | string[]> | undefined): { name: FieldName; errors: string[] }[] {
  return fieldErrors(Object.entries(errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? "") : v] as const));
}

function fieldErrors(issues: readonly (readonly [readonly PropertyKey[] | string, string])[]) {
  const seen = new Map<string, { name: FieldName; errors: string[] }>();
  for (const [path, message] of issues) {
    const name = fieldOf(path);
    const key = name.join(".");
    if (!seen.has(key)) seen.set(key, { name, errors: [message] });
  }
  return [...seen.values()];
}
