// The order centre's search survives a reload: the filters a search sends are written to the
// address as text, and reading them back fills the form with what the person chose.
import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import type { CrudFilters } from "@refinedev/core";
import { filtersOf, searchValuesOf } from "../../src/resources/order-list-search";

/** What the address gives back: every value as text, the way a query string carries it. */
const asText = (filters: CrudFilters): CrudFilters =>
  filters
    .filter((f) => "field" in f && f.value !== undefined)
    .map((f) => ({ ...f, value: Array.isArray(f.value) ? f.value.map(String) : String(f.value) })) as CrudFilters;

describe("order centre search ⇄ address", () => {
  it("a search for 已取消 (code 12) in a date range with a number and a traveller comes back whole", () => {
    const chosen = { status: 12, orderNo: " F2611 ", travellerName: "张", createDate: [dayjs("2026-11-01"), dayjs("2026-11-30")] as [dayjs.Dayjs, dayjs.Dayjs] };
    const back = searchValuesOf(asText(filtersOf(chosen)));
    expect(back.status).toBe(12); // a number again, so the select shows its label, not '12'
    expect(back.orderNo).toBe("F2611");
    expect(back.travellerName).toBe("张");
    expect(back.createDate?.map((d) => d.format("YYYY-MM-DD"))).toEqual(["2026-11-01", "2026-11-30"]);
  });

  it("empty fields send no filter and read back as nothing", () => {
    expect(filtersOf({}).every((f) => "value" in f && f.value === undefined)).toBe(true);
    expect(searchValuesOf(asText(filtersOf({ orderNo: "  " })))).toEqual({});
  });

  it("a tampered address is ignored rather than shown", () => {
    const filters: CrudFilters = [
      { field: "status", operator: "eq", value: "abc" },
      { field: "createDate", operator: "between", value: ["2026-13-45x", "2026-11-30"] },
      { field: "createDate", operator: "between", value: "2026-11-01" },
    ];
    expect(searchValuesOf(filters)).toEqual({});
  });
});
