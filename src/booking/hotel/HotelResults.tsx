// The hotel list of a search, a page at a time from /hotel/search/list_credit.
import { Pagination } from "antd";
import { pathFor } from "../../access/routes";
import { listParam, type HotelSearch } from "../../domain/travel/search-query";
import type { HotelChoice, HotelListItem } from "../../domain/travel/types";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { useSearch } from "../../components/search/useSearch";
import type { UrlPatch } from "../shared/useUrlState";
import { HotelCard } from "./HotelCard";
import { HOTEL_SORTS, HotelFilters, priceBand, type HotelSort } from "./HotelFilters";
import { useTranslate } from "@refinedev/core";

const PAGE_SIZE = 10;

interface Props {
  search: HotelSearch;
  values: Record<string, string | undefined>;
  update: (patch: UrlPatch, options?: { replace?: boolean }) => void;
}

interface Page {
  list: HotelListItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export function HotelResults({ search, values, update }: Props) {
  const t = useTranslate();
  const page = Math.max(1, Number(values.page) || 1);
  const sort = HOTEL_SORTS[(values.sort as HotelSort) in HOTEL_SORTS ? (values.sort as HotelSort) : "recommend"];
  const { data: choice } = useSearch<HotelChoice>("/hotel/search/choice", { cityCode: search.cityCode });
  const list = (k: string) => (listParam(values[k]).length ? listParam(values[k]).join(",") : undefined);
  const payload = {
    cityCode: search.cityCode,
    checkIn: search.checkIn,
    checkOut: search.checkOut,
    keyword: search.keyword,
    ...priceBand(values.price),
    stars: list("stars"),
    brands: list("brands"),
    districts: list("districts"),
    ...sort,
    pageNum: page,
    pageSize: PAGE_SIZE,
  };
  const { data, query } = useSearch<Page>("/hotel/search/list_credit", payload, { keepPrevious: true });
  const stay = { checkIn: search.checkIn, checkOut: search.checkOut, cityCode: search.cityCode, cityName: search.cityName };
  return (
    <div className="tp-bk-results">
      <HotelFilters choice={choice} values={values} onChange={(p) => update(p, { replace: true })} />
      <SearchStatus query={query}>
        {data && (
          <>
            <div className="tp-bk-sort">
              <span />
              <span className="tp-bk-muted">{t("search.hotel.count", { n: data.total })}</span>
            </div>
            {data.list.length ? (
              data.list.map((h) => <HotelCard key={h.hotelId} hotel={h} detailsHref={pathFor("hotel_details", undefined, { hotelId: String(h.hotelId), ...stay })} />)
            ) : (
              <EmptyResult text={t("search.hotel.none")} />
            )}
            {data.total > PAGE_SIZE && (
              <Pagination
                className="tp-bk-pager"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                onChange={(p) => {
                  update({ page: p > 1 ? String(p) : undefined });
                  window.scrollTo({ top: 0 });
                }}
              />
            )}
          </>
        )}
      </SearchStatus>
    </div>
  );
}
