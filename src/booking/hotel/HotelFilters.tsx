// The hotel list's filters from /hotel/search/choice (price band, star, brand, district) and its
// order. Each change reloads the list from its first page: paging and filtering are the server's.
import { Select } from "antd";
import { listParam } from "../../domain/travel/search-query";
import type { HotelChoice } from "../../domain/travel/types";
import { FilterSelect } from "../shared/FilterSelect";
import type { UrlPatch } from "../shared/useUrlState";
import { useTranslate } from "@refinedev/core";

export const HOTEL_SORTS = {
  recommend: { orderBy: "recommend", orderType: "asc" },
  priceAsc: { orderBy: "price", orderType: "asc" },
  priceDesc: { orderBy: "price", orderType: "desc" },
  score: { orderBy: "score", orderType: "desc" },
  star: { orderBy: "star", orderType: "desc" },
} as const;
export type HotelSort = keyof typeof HOTEL_SORTS;

const SORT_LABELS: Record<HotelSort, string> = { recommend: "sortRecommend", priceAsc: "sortPriceAsc", priceDesc: "sortPriceDesc", score: "sortScore", star: "sortStar" };

/** A price band in the address: 'min-max' in fen, max empty for "and above". */
export function priceBand(value: string | undefined): { priceMin?: number; priceMax?: number } {
  const m = /^(\d+)-(\d*)$/.exec(value ?? "");
  if (!m) return {};
  return { priceMin: Number(m[1]), ...(m[2] ? { priceMax: Number(m[2]) } : {}) };
}

interface Props {
  choice: HotelChoice | undefined;
  values: Record<string, string | undefined>;
  onChange: (patch: UrlPatch) => void;
}

export function HotelFilters({ choice, values, onChange }: Props) {
  const t = useTranslate();
  const set = (key: string) => (v: string[]) => onChange({ [key]: v, page: undefined });
  return (
    <div className="tp-bk-filters">
      <FilterSelect single label={t("search.hotel.price")} value={listParam(values.price)} onChange={set("price")} options={(choice?.priceRanges ?? []).map((p) => ({ value: `${p.min}-${p.max ?? ""}`, label: p.label }))} />
      <FilterSelect label={t("search.hotel.star")} value={listParam(values.stars)} onChange={set("stars")} options={(choice?.stars ?? []).map((s) => ({ value: String(s.star), label: `${s.label} (${s.hotelCount})` }))} />
      <FilterSelect label={t("search.hotel.brand")} value={listParam(values.brands)} onChange={set("brands")} options={(choice?.brands ?? []).map((b) => ({ value: b.brand, label: `${b.brand} (${b.hotelCount})` }))} />
      <FilterSelect label={t("search.hotel.district")} value={listParam(values.districts)} onChange={set("districts")} options={(choice?.districts ?? []).map((d) => ({ value: d.name, label: `${d.name} (${d.hotelCount})` }))} />
      <Select<HotelSort>
        className="tp-bk-filter"
        aria-label={t("search.hotel.sortBy")}
        value={(values.sort as HotelSort) in HOTEL_SORTS ? (values.sort as HotelSort) : "recommend"}
        onChange={(sort) => onChange({ sort, page: undefined })}
        options={(Object.keys(HOTEL_SORTS) as HotelSort[]).map((s) => ({ value: s, label: t(`search.hotel.${SORT_LABELS[s]}`) }))}
      />
    </div>
  );
}
