// 火车票 (/train/train_query_list): the station search bar and the train list of the search in
// the address.
import { readTrainSearch } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { EmptyResult } from "../shared/SearchStatus";
import { chinaToday } from "../shared/today";
import { useUrlState } from "../shared/useUrlState";
import { TrainResults } from "./TrainResults";
import { TrainSearchBar } from "./TrainSearchBar";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../shared/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

export default function TrainQueryList({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const parsed = readTrainSearch(values, chinaToday());
  const search = parsed.ok ? parsed.search : null;
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.train}>
        <div className="tp-bk">
          {switches.searchForms.train && <TrainSearchBar key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} highSpeedOnly={values.gd === "1"} onHighSpeedOnly={(on) => update({ gd: on ? "1" : undefined }, { replace: true })} onSearch={(p) => update(p, { replaceAll: true })} />}
          {search ? <TrainResults search={search} values={values} update={update} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? (switches.searchForms.train ? t("search.train.start") : t("search.common.formOff")))} />}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
