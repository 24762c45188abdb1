// The member's own rows of a resource in a table (mailing addresses, invoice titles): ten a page,
// the page and the search kept in the address, each search field sent as an "eq" filter (a blank
// one as none), and a delete that Refine follows by reading the list again (a refusal is its
// notification; the promise settles either way, so the confirmation closes).
import { useDelete, type BaseKey, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());

export function useOwnRowsTable<R extends BaseRecord, S extends Record<string, unknown>>(resource: string, searchFields: readonly (keyof S & string)[]) {
  const table = useTable<R, HttpError, S>({
    resource,
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => searchFields.map((field) => ({ field, operator: "eq", value: blank(v[field]) })),
  });
  const { mutateAsync } = useDelete<R, HttpError>();
  return {
    ...table,
    /** Some search field narrows the list (its empty state says "no match", not "none yet"). */
    filtered: table.filters.some((f) => "field" in f && blank(f.value) !== undefined),
    remove: (id: BaseKey) => mutateAsync({ resource, id }).then(() => undefined, () => undefined),
  };
}
