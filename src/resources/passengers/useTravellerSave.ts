// Saving a traveller form (frequent or external): the shared form save with the traveller's fields.
import type { FormInstance } from "antd";
import type { z } from "zod";
import type { TravellerRow } from "../../domain/people";
import { useFormSave } from "../useFormSave";
import { travellerPayload, type TravellerValues } from "./values";

// Fields the form shows; other keys (the whole list, an id) are shown above the buttons.
const SHOWN = /^(name|surname|givenName|mobilePhone|birthday|sex|remark|isDefault|certificates\.\d+\.(certType|certNo|expiry|issueCountry))$/;

interface Options {
  resource: string;
  id?: number;
  schema: z.ZodType;
  withDefault: boolean;
  onSaved: (row: TravellerRow) => void;
}

export function useTravellerSave(form: FormInstance<TravellerValues>, { resource, id, schema, withDefault, onSaved }: Options) {
  return useFormSave<TravellerValues, TravellerRow>(form, {
    resource,
    id,
    schema,
    toPayload: (v) => travellerPayload(v, withDefault),
    fieldOf: (key) => (SHOWN.test(key) ? key : null),
    onSaved,
  });
}
