// The flight search bar: one-way or round trip, from/to cities with a swap, dates. Searching
// writes the search into the address, which the result list reads. Members who may book
// 政府采购 fares tick 公务机票 to see them too (one way, adults only).
import { useState } from "react";
import { Button } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { addDays, daysBetween } from "../../domain/travel/dates";
import { CABIN_CLASSES, type CabinClass } from "../../domain/travel/air-fares";
import { defaultTravelDate, flightSearchParams, ONE_ADULT, readFlightSearch, type FlightSearch, type TripType } from "../../domain/travel/search-query";
import { AirCityPicker } from "../shared/places";
import type { Place } from "../shared/PlacePicker";
import { DateField } from "../../components/search/DateField";
import { SearchBarForm, SearchProblem } from "../shared/SearchBarForm";
import { chinaToday } from "../../components/search/today";
import { PassengerPicker } from "./PassengerPicker";
import { useTranslate } from "@refinedev/core";

interface Props {
  initial: Partial<FlightSearch>;
  onSearch: (params: Record<string, string>) => void;
  /** International search: foreign cities are offered too. */
  international?: boolean;
  /** The 公务机票 choice is offered (the member may book 政府采购 fares). */
  gpOffered?: boolean;
}

const place = (value?: string, label?: string): Place | null => (value ? { value, label: label || value } : null);

export function FlightSearchBar({ initial, onSearch, international, gpOffered }: Props) {
  const t = useTranslate();
  const today = chinaToday();
  const [tripType, setTripType] = useState<TripType>(initial.tripType ?? "ow");
  const [from, setFrom] = useState(place(initial.depCity, initial.depName));
  const [to, setTo] = useState(place(initial.arrCity, initial.arrName));
  const [depDate, setDepDate] = useState(initial.depDate ?? defaultTravelDate(today));
  const [retDate, setRetDate] = useState(initial.retDate ?? addDays(initial.depDate ?? defaultTravelDate(today), 2));
  const [passengers, setPassengers] = useState(initial.passengers ?? ONE_ADULT);
  const [cabin, setCabin] = useState<CabinClass | undefined>(initial.cabin);
  const [gp, setGp] = useState(Boolean(initial.gp && gpOffered));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const counts = { adults: String(passengers.adults), children: String(passengers.children), infants: String(passengers.infants) };
    const parsed = readFlightSearch(
      { depCity: from?.value, depName: from?.label, arrCity: to?.value, arrName: to?.label, depDate, tripType, retDate, ...counts, cabin, gp: gp ? "1" : undefined },
      today,
    );
    if (!parsed.ok) return setProblem(parsed.problem ?? t("search.flight.pickCities"));
    setProblem(null);
    onSearch(flightSearchParams(parsed.search));
  };

  return (
    <SearchBarForm onSubmit={submit}>
      {!international && (
        <div className="tp-bk-bar__trip">
          <div className="tp-bk-choices" role="radiogroup">
            {(["ow", "rt"] as const).map((v) => (
              <label key={v} className="tp-bk-choice">
                <input type="radio" name="tripType" value={v} checked={tripType === v} disabled={v === "rt" && gp} onChange={() => setTripType(v)} />
                {t(v === "ow" ? "search.flight.oneWay" : "search.flight.roundTrip")}
              </label>
            ))}
          </div>
          <PassengerPicker value={passengers} onChange={setPassengers} />
          <select
            className="tp-bk-bar__cabin"
            aria-label={t("search.flight.cabinClass")}
            value={cabin ?? ""}
            onChange={(e) => setCabin(CABIN_CLASSES.find((c) => c === e.target.value))}
          >
            <option value="">{t("search.flight.anyCabin")}</option>
            {(["Y", "C", "F"] as const).map((c) => (
              <option key={c} value={c}>
                {t(`search.cabin.${c}`)}
              </option>
            ))}
          </select>
          {gpOffered && (
            <label className="tp-bk-choice" title={t("gpOrder.searchHint")}>
              <input
                type="checkbox"
                checked={gp}
                data-testid="gp-switch"
                onChange={(e) => {
                  setGp(e.target.checked);
                  // 政府采购 fares are one way.
                  if (e.target.checked) setTripType("ow");
                }}
              />
              {t("gpOrder.search")}
            </label>
          )}
        </div>
      )}
      <div className="tp-bk-bar__row">
        <div className="tp-bk-field">
          <label>{t("search.flight.from")}</label>
          <AirCityPicker international={international ? undefined : false} className="tp-bk-field__input" value={from} onChange={setFrom} placeholder={t("search.flight.cityPlaceholder")} label={t("search.flight.from")} />
        </div>
        <Button
          className="tp-bk-swap"
          shape="circle"
          icon={<SwapOutlined />}
          aria-label={t("search.common.swap")}
          title={t("search.common.swap")}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        />
        <div className="tp-bk-field">
          <label>{t("search.flight.to")}</label>
          <AirCityPicker international={international ? undefined : false} className="tp-bk-field__input" value={to} onChange={setTo} placeholder={t("search.flight.cityPlaceholder")} label={t("search.flight.to")} />
        </div>
        <div className="tp-bk-field">
          <label>{t("search.flight.depDate")}</label>
          <DateField
            className="tp-bk-field__input"
            value={depDate}
            label={t("search.flight.depDate")}
            onChange={(d) => {
              setDepDate(d);
              if (daysBetween(d, retDate) < 0) setRetDate(addDays(d, 2));
            }}
          />
        </div>
        {tripType === "rt" && (
          <div className="tp-bk-field">
            <label>{t("search.flight.retDate")}</label>
            <DateField className="tp-bk-field__input" value={retDate} min={depDate} label={t("search.flight.retDate")} onChange={setRetDate} />
          </div>
        )}
        <Button type="primary" size="large" className="tp-bk-bar__go" htmlType="submit">
          {t("search.common.search")}
        </Button>
      </div>
      <SearchProblem problem={problem} />
    </SearchBarForm>
  );
}
