// The application form's values and their translation to the save call's input, checked with the
// same zod schema the server validates with. The form holds the two dates in one range picker
// and the budget in yuan, so the schema's paths (startDate, endDate, budgetFen) are mapped back
// onto those fields, for the browser's own check and for the server's field errors alike.
import type { z } from "zod";
import { applicationSaveSchema, type TravelMode, type TripScope } from "../../domain/policy";
import { parseYuan } from "../../domain/money";

export interface ExternalValues {
  name?: string;
  mobilePhone?: string;
}

export interface ApplicationFormValues {
  purpose?: string;
  scope?: TripScope;
  /** "YYYY-MM-DD" texts, "" when not picked. */
  dates?: readonly [string, string] | null;
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
  const [start, end] = values.dates ?? ["", ""];
  return {
    purpose: trim(values.purpose),
    scope: values.scope ?? ("" as TripScope),
    startDate: start,
    endDate: end,
    fromCity: trim(values.fromCity),
    toCities: (values.toCities ?? []).map((c) => c.trim()).filter(Boolean),
    travellerEmployeeIds: values.travellerEmployeeIds ?? [],
    externalTravellers: (values.externalTravellers ?? []).map((x) => ({ name: trim(x.name), mobilePhone: blank(x.mobilePhone) })),
    modes: values.modes ?? [],
    // An unreadable amount is left out, so the schema answers with the budget's own message.
    budgetFen: parseYuan(values.budget ?? "") ?? (undefined as unknown as number),
    remark: blank(values.remark),
    submit: true,
  };
}

/** A schema or server path ("toCities.1", "startDate") as the form field that shows it. */
export function fieldOf(path: string): string {
  const parts = path.split(".");
  const [head] = parts;
  if (head === "startDate" || head === "endDate") return "dates";
  if (head === "budgetFen") return "budget";
  // Lists of plain values show one message on the list's field.
  if (head === "toCities" || head === "travellerEmployeeIds" || head === "modes") return head;
  if (head === "externalTravellers" && parts.length < 3) return "travellerEmployeeIds";
  return path;
}

/** The fields the form shows, where problems can be placed. */
export function applicationFields(values: ApplicationFormValues): string[] {
  const top = ["scope", "purpose", "dates", "fromCity", "toCities", "travellerEmployeeIds", "modes", "budget", "remark"];
  return [...top, ...(values.externalTravellers ?? []).flatMap((_, i) => [`externalTravellers.${i}.name`, `externalTravellers.${i}.mobilePhone`])];
}

/** The schema the save is checked with, as of China's date today. */
export const applicationSchema = (today: string) => () => applicationSaveSchema(today);
