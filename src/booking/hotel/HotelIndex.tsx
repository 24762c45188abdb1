// 酒店 (/hotel/index): the hotel search box, and the cities with hotels as one-click searches for
// tomorrow night; searching opens the hotel list.
import { Button, Skeleton } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { addDays } from "../../domain/travel/dates";
import { defaultTravelDate, hotelSearchParams } from "../../domain/travel/search-query";
import type { HotelCity } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { EmptyResult, SearchError } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { HotelSearchBar } from "./HotelSearchBar";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

const HOT_CITIES = 16;

function HotCities({ onPick }: { onPick: (city: HotelCity) => void }) {
  const t = useTranslate();
  const { data, query } = useSearch<HotelCity[]>("/hotel/queryCity", { keyword: "" });
  if (query.isError) return <SearchError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <section className="tp-bk-card">
      <h3 className="tp-bk-hot__title">{t("search.hotel.hotCities")}</h3>
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <div className="tp-bk-hot">
          {(data ?? []).slice(0, HOT_CITIES).map((c) => (
            <Button key={c.cityCode} onClick={() => onPick(c)}>
              {c.cityName}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

export default function HotelIndex({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const switches = useSwitches();
  const list = (p: Record<string, string>) => navigate(pathFor("hotel_list", undefined, p));
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.hotel}>
        <div className="tp-bk">
          {switches.searchForms.hotel ? <HotelSearchBar initial={{}} onSearch={list} /> : <EmptyResult text={t("search.common.formOff")} />}
          {switches.searchForms.hotel && (
            <HotCities
              onPick={(c) => {
                const checkIn = defaultTravelDate(chinaToday());
                list(hotelSearchParams({ cityCode: c.cityCode, cityName: c.cityName, checkIn, checkOut: addDays(checkIn, 1) }));
              }}
            />
          )}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
