// The order centre's search form and the filters it becomes: the filters also live in the
// address (a reload keeps them), where every value is text, so the form is filled back from them.
import type { CrudFilter, CrudFilters } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";

export interface SearchValues {
  status?: number;
  orderNo?: string;
  travellerName?: string;
  createDate?: [Dayjs, Dayjs] | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a search sends: a field left empty removes its filter. */
export function filtersOf(v: SearchValues): CrudFilter[] {
  return [
    { field: "status", operator: "eq", value: v.status },
    { field: "orderNo", operator: "eq", value: v.orderNo?.trim() || undefined },
    { field: "travellerName", operator: "contains", value: v.travellerName?.trim() || undefined },
    { field: "createDate", operator: "between", value: v.createDate ? [v.createDate[0].format("YYYY-MM-DD"), v.createDate[1].format("YYYY-MM-DD")] : undefined },
  ];
}

/** The search form's values from filters read back from the address (where every value is text). */
export function searchValuesOf(filters: CrudFilters): SearchValues {
  const values: SearchValues = {};
  for (const f of filters) {
    if (!("field" in f) || f.value === undefined || f.value === null || f.value === "") continue;
    if (f.field === "status" && /^\d+$/.test(String(f.value))) values.status = Number(f.value);
    else if (f.field === "orderNo") values.orderNo = String(f.value);
    else if (f.field === "travellerName") values.travellerName = String(f.value);
    else if (f.field === "createDate" && Array.isArray(f.value) && f.value.length === 2) {
      const [from, to] = f.value.map(String);
      if (DAY.test(from) && DAY.test(to) && dayjs(from).isValid() && dayjs(to).isValid()) values.createDate = [dayjs(from), dayjs(to)];
    }
  }
  return values;
}

