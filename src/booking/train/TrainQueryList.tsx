// 火车票 (/train/train_query_list): the station search bar and the train list of the search in
// the address. The 12306账号购票 and 免账号购票 pages are the same list under a banner saying
// how the ticket is bought; their 预订 opens their own order page.
import { readTrainSearch } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { EmptyResult } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useUrlState } from "../shared/useUrlState";
import { TrainResults } from "./TrainResults";
import { TrainSearchBar } from "./TrainSearchBar";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { useTranslate } from "@refinedev/core";
import { ChannelBanner, trainOrderRoute, type TrainVariant } from "./variant";
import "../booking.css";

export default function TrainQueryList({ routeName, variant }: { routeName: string; variant?: TrainVariant }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const parsed = readTrainSearch(values, chinaToday());
  const search = parsed.ok ? parsed.search : null;
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.train}>
        <div className="tp-bk">
          {variant && <ChannelBanner variant={variant} query={values} page="query" />}
          {switches.searchForms.train && <TrainSearchBar key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} highSpeedOnly={values.gd === "1"} onHighSpeedOnly={(on) => update({ gd: on ? "1" : undefined }, { replace: true })} onSearch={(p) => update(p, { replaceAll: true })} />}
          {search ? <TrainResults search={search} values={values} update={update} orderRoute={trainOrderRoute(variant)} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? (switches.searchForms.train ? t("search.train.start") : t("search.common.formOff")))} />}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
