// The train list of a search: loaded once, then filtered (只看高铁动车, type, stations, time,
// available) and sorted in the browser as the address says.
import { Checkbox } from "antd";
import { Link, useNavigate } from "react-router";
import { LinkButton } from "../../components/LinkButton";
import { pathFor } from "../../access/routes";
import { TRAIN_TYPE_LABELS, type TrainType } from "../../domain/travel/train";
import { tr } from "../../domain/tr";
import { filterTrains, sortTrains, TIME_BAND_KEYS, type TimeBand } from "../../domain/travel/results";
import { listParam, type TrainSearch } from "../../domain/travel/search-query";
import type { TrainListReply } from "../../domain/travel/types";
import { FilterSelect } from "../shared/FilterSelect";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { SortBar, sortOrderOf } from "../shared/SortBar";
import { useSearch } from "../../components/search/useSearch";
import type { UrlPatch } from "../shared/useUrlState";
import { TrainCard } from "./TrainCard";
import { NearbyDays } from "../shared/NearbyDays";
import { useTranslate } from "@refinedev/core";

interface Props {
  search: TrainSearch;
  values: Record<string, string | undefined>;
  update: (patch: UrlPatch, options?: { replace?: boolean }) => void;
  /** The order page 预订 opens (the variant's). */
  orderRoute?: string;
}

export function TrainResults({ search, values, update, orderRoute = "train_order_info" }: Props) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { data, query } = useSearch<TrainListReply>("/api/v1/train/train_list", { ...search });
  const set = (key: string) => (v: string[] | boolean) => update({ [key]: typeof v === "boolean" ? (v ? "1" : undefined) : v }, { replace: true });
  const filter = {
    highSpeedOnly: values.gd === "1",
    availableOnly: values.avail === "1",
    trainTypes: listParam(values.types) as TrainType[],
    fromStations: listParam(values.fromStations),
    toStations: listParam(values.toStations),
    depBands: listParam(values.bands) as TimeBand[],
  };
  const shown = data ? sortTrains(filterTrains(data.list, filter), sortOrderOf(values.sort)) : [];
  return (
    <SearchStatus query={query}>
      {data && (
        <div className="tp-bk-results">
          <div className="tp-bk-filters">
            <Checkbox checked={filter.availableOnly} onChange={(e) => set("avail")(e.target.checked)}>
              {t("search.train.availableOnly")}
            </Checkbox>
            <FilterSelect label={t("search.train.trainType")} value={filter.trainTypes} onChange={set("types")} options={data.facets.trainTypes.map((x) => ({ value: x, label: `${x} ${tr(TRAIN_TYPE_LABELS[x])}` }))} />
            <FilterSelect label={t("search.train.depTimeBand")} value={filter.depBands} onChange={set("bands")} options={TIME_BAND_KEYS.map((b) => ({ value: b, label: t(`search.band.${b}`) }))} />
            <FilterSelect label={t("search.train.fromStation")} value={filter.fromStations} onChange={set("fromStations")} options={data.facets.fromStations.map((s) => ({ value: s, label: s }))} />
            <FilterSelect label={t("search.train.toStation")} value={filter.toStations} onChange={set("toStations")} options={data.facets.toStations.map((s) => ({ value: s, label: s }))} />
          </div>
          <SortBar labels="search.trainSort" value={values.sort} onChange={(sort) => update({ sort }, { replace: true })} count={t("search.train.count", { n: shown.length })} />
          <div className="tp-bk-muted tp-bk-transfer__hint">
            {t("search.transfer.hint")} <Link to={pathFor("train_transfer", undefined, { ...search })}>{t("search.transfer.open")}</Link>
          </div>
          {shown.length ? (
            shown.map((x) => (
              <TrainCard
                key={x.trainKey}
                train={x}
                onBook={(train, seat) =>
                  navigate(pathFor(orderRoute, undefined, { ...search, trainKey: train.trainKey, trainNo: train.trainNo, seatClass: seat.seatClass }))
                }
              />
            ))
          ) : (
            <EmptyResult text={data.list.length ? t("search.train.noneFiltered") : t("search.train.none")}>
              {!data.list.length && <NearbyDays date={search.depDate} onPick={(depDate) => update({ depDate })} />}
              {!data.list.length && <LinkButton to={pathFor("train_transfer", undefined, { ...search })}>{t("search.transfer.open")}</LinkButton>}
            </EmptyResult>
          )}
        </div>
      )}
    </SearchStatus>
  );
}
