// Picking company people by name or phone for companies of any size: what the person types is
// searched on the server (the first page filtered in the browser would hide everyone after it),
// and people already chosen keep their names while the search moves on.
import { useRef, useState } from "react";
import { Select, type SelectProps } from "antd";
import { useList, useTranslate } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import type { EmployeeRow as Employee } from "../domain/lists";

export interface Person {
  id: number;
  name: string;
  label: string;
}

interface TravellerRow extends Record<string, unknown> {
  employeeId: number;
  realName: string | null;
  mobilePhone: string | null;
  departmentName: string | null;
  self: boolean;
}

/** How many people one search shows; typing narrows it. */
const PAGE = 50;
const WAIT_MS = 250;

/** A person as the pickers show them: name (or phone), then department. */
export const personOf = (id: number, realName: string | null | undefined, mobilePhone: string | null | undefined, departmentName: string | null | undefined): Person => {
  const name = realName ?? mobilePhone ?? String(id);
  return { id, name, label: departmentName ? `${name} · ${departmentName}` : name };
};

/** The company's employees (the administrator's list) or the people the member may book for. */
export type PeopleSource = "employees" | "travellers";

function usePeople(source: PeopleSource, keyword: string) {
  const filters = keyword ? [{ field: "keyword", operator: "eq" as const, value: keyword }] : [];
  const employees = useList<Employee>({
    resource: "employees",
    filters,
    pagination: { currentPage: 1, pageSize: PAGE },
    errorNotification: false,
    queryOptions: { enabled: source === "employees", placeholderData: keepPreviousData },
  });
  const travellers = useList<TravellerRow>({
    resource: "booking-travellers",
    filters,
    pagination: { currentPage: 1, pageSize: PAGE },
    errorNotification: false,
    queryOptions: { enabled: source === "travellers", placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  });
  if (source === "employees") {
    return { people: (employees.result.data ?? []).map((e) => personOf(e.id, e.realName, e.mobilePhone, e.departmentName)), query: employees.query };
  }
  const list = travellers.result.data ?? [];
  return { people: list.map((c) => personOf(c.employeeId, c.realName, c.mobilePhone, c.departmentName)), query: travellers.query };
}

type Value = number | string;
type FixedOption = { value: Value; label: string } | { label: string; options: { value: Value; label: string }[] };

export interface PeopleSelectProps extends Omit<SelectProps, "options" | "onSearch" | "filterOption" | "showSearch" | "onChange"> {
  source: PeopleSource;
  /** People already chosen (from the saved record), so they show by name before any search. */
  known?: readonly Person[];
  /** Options shown before the people, e.g. roles or "myself" (a group when it has options). */
  before?: FixedOption[];
  /** A heading over the people when `before` is a group. */
  groupLabel?: string;
  /** The value a person stands for in this field (default: their id). */
  valueFor?: (id: number) => Value;
  /** People not offered (e.g. the member, already offered as "myself"). */
  skip?: (id: number) => boolean;
  onChange?: (value: never, person?: Person) => void;
}

export function PeopleSelect({ source, known = [], before = [], groupLabel, valueFor = (id) => id, skip, value, onChange, onBlur, ...props }: PeopleSelectProps) {
  const t = useTranslate();
  const [typed, setTyped] = useState("");
  const [keyword, setKeyword] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { people, query } = usePeople(source, keyword);
  // Every person seen keeps their name for the chosen tags; the labels the form knows win (e.g. "(me)").
  const [seen, setSeen] = useState<ReadonlyMap<Value, Person>>(() => new Map());
  const incoming = new Map<Value, Person>();
  for (const p of [...people, ...known]) incoming.set(valueFor(p.id), p);
  const all = new Map([...seen, ...incoming]);
  // Remembered once: the next render finds nothing new, so this settles at once.
  if ([...incoming].some(([v, p]) => seen.get(v)?.label !== p.label || seen.get(v)?.name !== p.name)) setSeen(all);

  const found = people.filter((p) => !skip?.(p.id));
  const fixed = before.flatMap((b) => ("options" in b ? b.options : [b]));
  const shown = new Set<Value>([...fixed.map((b) => b.value), ...found.map((p) => valueFor(p.id))]);
  const chosen = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) as Value[];
  const keep = chosen.filter((v) => !shown.has(v) && all.has(v)).map((v) => all.get(v)!);
  const listed = [...keep, ...found].map((p) => ({ value: valueFor(p.id), label: all.get(valueFor(p.id))?.label ?? p.label }));
  // The fixed options follow what is typed like the people do.
  const text = typed.trim().toLowerCase();
  const matches = (o: { label: string }) => !text || o.label.toLowerCase().includes(text);
  const fixedShown = before.flatMap((b): FixedOption[] => {
    if (!("options" in b)) return matches(b) ? [b] : [];
    const kept = b.options.filter(matches);
    return kept.length ? [{ label: b.label, options: kept }] : [];
  });
  const options = groupLabel ? [...fixedShown, { label: groupLabel, options: listed }] : [...fixedShown, ...listed];

  const search = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setKeyword(text.trim()), WAIT_MS);
  };

  return (
    <Select
      {...props}
      value={value}
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={search}
      onBlur={(e) => {
        search("");
        onBlur?.(e);
      }}
      loading={query.isFetching}
      options={options}
      notFoundContent={query.error ? query.error.message : query.isFetching ? t("travel.people.searching") : t("travel.people.none")}
      onChange={(v, option) => {
        const picked = Array.isArray(option) ? undefined : all.get((option as { value?: Value } | undefined)?.value as Value);
        onChange?.(v as never, picked);
        if (props.mode === "multiple") search("");
      }}
    />
  );
}
