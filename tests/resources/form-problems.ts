// What a mapped form shows: its resolver's problems by field, and where a server refusal's field
// messages land, through the same schemaResolver and applyRefusal the forms use.
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { applyRefusal } from "../../src/components/FormField";
import { errorMessages, schemaResolver, type FieldOf } from "../../src/components/form-errors";

export async function problemsOf<T extends FieldValues>(schema: () => z.ZodType, input: (values: T) => unknown, fieldOf: FieldOf, values: T): Promise<Record<string, string>> {
  const result = await schemaResolver<T>(schema, { raw: true, input, fieldOf })(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return errorMessages(result.errors);
}

export function placedRefusal(errors: Record<string, string | string[]>, fields: readonly string[], fieldOf: FieldOf) {
  const placed: Record<string, string> = {};
  const rest = applyRefusal({ message: "refused", errors }, fields as never, (name, e) => void (placed[name] = String(e.message)), fieldOf);
  return { placed, rest };
}
