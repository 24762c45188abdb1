// A city or station chooser: type Chinese, full pinyin or initials ('bj', 'beijing', '北京') and
// pick from the server's suggestions; empty shows the popular places the server returns. A plain
// input with its own list (a combobox), so the search bars can be typed into as soon as the page
// shows: no select component, no place data in the download, the server does the matching.
import { useId, useState, type ReactNode } from "react";
import { useSearch } from "../../components/search/useSearch";
import { useTranslate } from "@refinedev/core";
import "../../components/search/search-bar.css";

export interface Place {
  value: string;
  label: string;
}

interface Props<T> {
  url: string;
  /** Extra fields of the suggestion call (e.g. international). */
  payload?: Record<string, unknown>;
  toPlace: (item: T) => Place;
  /** The row in the list: name plus whatever helps tell places apart. */
  describe: (item: T) => ReactNode;
  value: Place | null;
  onChange: (place: Place) => void;
  placeholder: string;
  label: string;
  className?: string;
}

export function PlacePicker<T>({ url, payload, toPlace, describe, value, onChange, placeholder, label, className }: Props<T>) {
  const t = useTranslate();
  const listId = useId();
  // The typed text while the list is open; closed, the field shows the chosen place.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = typed !== null;
  // Asked only while the list is open, so a page of pickers does not load three lists.
  const { data, query } = useSearch<T[]>(url, open ? { ...payload, keyword: typed.trim() } : null, { keepPrevious: true });
  const items = open && Array.isArray(data) ? data : [];
  const current = Math.min(active, items.length - 1);
  const close = () => setTyped(null);
  const choose = (item: T) => {
    onChange(toPlace(item));
    close();
  };
  return (
    <div className={`tp-bk-place ${className ?? ""}`}>
      <input
        className="tp-bk-input tp-bk-place__input"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && current >= 0 ? `${listId}-${current}` : undefined}
        autoComplete="off"
        placeholder={value ? value.label : placeholder}
        value={typed ?? value?.label ?? ""}
        onFocus={(e) => {
          setTyped("");
          setActive(0);
          // The chosen place stays shown as the placeholder while the visitor types another.
          e.currentTarget.select();
        }}
        onClick={() => !open && setTyped("")}
        onBlur={close}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            if (!open) return setTyped("");
            const step = e.key === "ArrowDown" ? 1 : -1;
            setActive((current + step + items.length) % Math.max(items.length, 1));
          } else if (e.key === "Enter" && open && items[current]) {
            // Enter picks the highlighted place; it does not search yet.
            e.preventDefault();
            choose(items[current]);
          } else if (e.key === "Escape" && open) {
            e.preventDefault();
            close();
          }
        }}
      />
      {open && (
        <ul className="tp-bk-place__list" id={listId} role="listbox" aria-label={label} onMouseDown={(e) => e.preventDefault()}>
          {items.map((item, i) => {
            const place = toPlace(item);
            return (
              <li
                key={place.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                title={place.label}
                className={`tp-bk-place__option${i === current ? " tp-bk-place__option--active" : ""}`}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(item)}
              >
                {describe(item)}
              </li>
            );
          })}
          {items.length === 0 && (
            <li className="tp-bk-place__empty" aria-live="polite">
              {query.isFetching ? "…" : query.isError ? t("search.common.loadFailed") : t("search.common.noPlace")}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
