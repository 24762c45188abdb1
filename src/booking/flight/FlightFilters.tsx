// The filters of the flight list: airline, departure time band, airports, cabin class.
import { Button } from "antd";
import { CABIN_CLASSES } from "../../domain/travel/air-fares";
import { TIME_BAND_KEYS } from "../../domain/travel/results";
import { listParam } from "../../domain/travel/search-query";
import type { FlightFacets } from "../../domain/travel/types";
import { FilterSelect } from "../shared/FilterSelect";
import type { UrlPatch } from "../shared/useUrlState";
import { useTranslate } from "@refinedev/core";

export const FLIGHT_FILTER_KEYS = ["airlines", "bands", "depAirports", "arrAirports", "cabin"] as const;

interface Props {
  facets: FlightFacets;
  values: Record<string, string | undefined>;
  onChange: (patch: UrlPatch) => void;
}

export function FlightFilters({ facets, values, onChange }: Props) {
  const t = useTranslate();
  const set = (key: string) => (v: string[]) => onChange({ [key]: v });
  const active = FLIGHT_FILTER_KEYS.some((k) => values[k]);
  return (
    <div className="tp-bk-filters">
      <FilterSelect label={t("search.flight.airline")} value={listParam(values.airlines)} onChange={set("airlines")} options={facets.airlines.map((a) => ({ value: a.code, label: a.name }))} />
      <FilterSelect label={t("search.flight.depTimeBand")} value={listParam(values.bands)} onChange={set("bands")} options={TIME_BAND_KEYS.map((b) => ({ value: b, label: t(`search.band.${b}`) }))} />
      <FilterSelect label={t("search.flight.depAirport")} value={listParam(values.depAirports)} onChange={set("depAirports")} options={facets.depAirports.map((a) => ({ value: a.code, label: a.name }))} />
      <FilterSelect label={t("search.flight.arrAirport")} value={listParam(values.arrAirports)} onChange={set("arrAirports")} options={facets.arrAirports.map((a) => ({ value: a.code, label: a.name }))} />
      <FilterSelect single label={t("search.flight.cabinClass")} value={listParam(values.cabin)} onChange={set("cabin")} options={CABIN_CLASSES.map((c) => ({ value: c, label: t(`search.cabin.${c}`) }))} />
      {active && (
        <Button type="link" onClick={() => onChange(Object.fromEntries(FLIGHT_FILTER_KEYS.map((k) => [k, undefined])))}>
          {t("search.common.clearFilters")}
        </Button>
      )}
    </div>
  );
}
