// A city or station chooser: type Chinese, full pinyin or initials ('bj', 'beijing', '北京') and
// pick from the server's suggestions; empty shows the popular places the server returns.
import { useState, type ReactNode } from "react";
import { Select, Spin } from "antd";
import { useSearch } from "./useSearch";
import { useTranslate } from "@refinedev/core";

export interface Place {
  value: string;
  label: string;
}

interface Props<T> {
  url: string;
  /** Extra fields of the suggestion call (e.g. international). */
  payload?: Record<string, unknown>;
  toPlace: (item: T) => Place;
  /** The row in the dropdown: name plus whatever helps tell places apart. */
  describe: (item: T) => ReactNode;
  value: Place | null;
  onChange: (place: Place) => void;
  placeholder: string;
  label: string;
  className?: string;
}

export function PlacePicker<T>({ url, payload, toPlace, describe, value, onChange, placeholder, label, className }: Props<T>) {
  const t = useTranslate();
  const [keyword, setKeyword] = useState("");
  const [open, setOpen] = useState(false);
  // Asked only while the dropdown is open, so a page of pickers does not load three lists.
  const { data, query } = useSearch<T[]>(url, open ? { ...payload, keyword: keyword.trim() } : null, { keepPrevious: true });
  const items = Array.isArray(data) ? data : [];
  const byValue = new Map(items.map((i) => [toPlace(i).value, i]));
  return (
    <Select
      showSearch
      labelInValue
      className={className}
      value={value ?? undefined}
      placeholder={placeholder}
      aria-label={label}
      filterOption={false}
      onSearch={setKeyword}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setKeyword("");
      }}
      onChange={(v: Place) => {
        const item = byValue.get(v.value);
        if (item) onChange(toPlace(item));
      }}
      notFoundContent={query.isFetching ? <Spin size="small" /> : t("search.common.noPlace")}
      options={items.map((i) => ({ ...toPlace(i), title: toPlace(i).label }))}
      optionRender={(o) => {
        const item = byValue.get(String(o.value));
        return item ? describe(item) : o.label;
      }}
      popupMatchSelectWidth={260}
    />
  );
}
