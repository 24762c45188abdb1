// Saving a traveller form (frequent or external): Refine's form of the resource with the
// traveller's payload and fields. The record is at hand (its page loaded it before the form
// mounts), so the form starts from it and only creates or updates; Refine says it was saved.
import type { z } from "zod";
import type { TravellerRow } from "../../domain/people";
import { useResourceForm } from "../useResourceForm";
import { travellerFields, travellerPayload, type TravellerValues } from "./values";

interface Options {
  resource: string;
  id?: number;
  schema: z.ZodType;
  initial: TravellerValues;
  withDefault: boolean;
  onSaved: (row: TravellerRow) => void;
}

export function useTravellerSave({ resource, id, schema, initial, withDefault, onSaved }: Options) {
  return useResourceForm<TravellerValues, TravellerRow>({
    resource,
    id,
    load: false,
    redirect: false,
    notify: true,
    schema: () => schema,
    defaultValues: initial,
    input: (v) => travellerPayload(v, withDefault),
    fields: (v) => travellerFields(v, withDefault),
    onSaved,
  });
}
