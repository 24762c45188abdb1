// Saving a traveller form (frequent or external): the shared resource save with the traveller's
// payload and fields.
import type { FieldPath } from "react-hook-form";
import type { z } from "zod";
import type { TravellerRow } from "../../domain/people";
import { useResourceSave } from "../useResourceSave";
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
  return useResourceSave<TravellerValues, TravellerRow>({
    resource,
    id,
    schema: () => schema,
    defaultValues: initial,
    toPayload: (v) => travellerPayload(v, withDefault),
    fields: (v) => travellerFields(v, withDefault) as FieldPath<TravellerValues>[],
    onSaved,
  });
}
