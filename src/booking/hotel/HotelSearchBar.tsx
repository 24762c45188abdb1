// The hotel search box: city, check-in and check-out (the nights shown between), a keyword.
import { useState } from "react";
import { Button } from "antd";
import { addDays, daysBetween } from "../../domain/travel/dates";
import { defaultTravelDate, hotelSearchParams, readHotelSearch, type HotelSearch } from "../../domain/travel/search-query";
import { HotelCityPicker } from "../shared/places";
import type { Place } from "../shared/PlacePicker";
import { DateField } from "../../components/search/DateField";
import { SearchBarForm, SearchProblem } from "../shared/SearchBarForm";
import { chinaToday } from "../../components/search/today";
import { useTranslate } from "@refinedev/core";

interface Props {
  initial: Partial<HotelSearch>;
  onSearch: (params: Record<string, string>) => void;
}

export function HotelSearchBar({ initial, onSearch }: Props) {
  const t = useTranslate();
  const today = chinaToday();
  const [city, setCity] = useState<Place | null>(initial.cityCode ? { value: initial.cityCode, label: initial.cityName || initial.cityCode } : null);
  const [checkIn, setCheckIn] = useState(initial.checkIn ?? defaultTravelDate(today));
  const [checkOut, setCheckOut] = useState(initial.checkOut ?? addDays(initial.checkIn ?? defaultTravelDate(today), 1));
  const [keyword, setKeyword] = useState(initial.keyword ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const nights = daysBetween(checkIn, checkOut);

  const submit = () => {
    const parsed = readHotelSearch({ cityCode: city?.value, cityName: city?.label, checkIn, checkOut, keyword }, today);
    if (!parsed.ok) return setProblem(parsed.problem ?? t("search.hotel.start"));
    setProblem(null);
    onSearch(hotelSearchParams(parsed.search));
  };

  return (
    <SearchBarForm onSubmit={submit}>
      <div className="tp-bk-bar__row">
        <div className="tp-bk-field">
          <label>{t("search.hotel.city")}</label>
          <HotelCityPicker className="tp-bk-field__input" value={city} onChange={setCity} placeholder={t("search.hotel.cityPlaceholder")} label={t("search.hotel.city")} />
        </div>
        <div className="tp-bk-field">
          <label>{t("search.hotel.checkIn")}</label>
          <DateField
            className="tp-bk-field__input"
            value={checkIn}
            label={t("search.hotel.checkIn")}
            onChange={(d) => {
              setCheckIn(d);
              if (daysBetween(d, checkOut) < 1) setCheckOut(addDays(d, 1));
            }}
          />
        </div>
        <span className="tp-bk-nights">{nights > 0 ? t("search.hotel.nights", { n: nights }) : ""}</span>
        <div className="tp-bk-field">
          <label>{t("search.hotel.checkOut")}</label>
          <DateField className="tp-bk-field__input" value={checkOut} min={addDays(checkIn, 1)} label={t("search.hotel.checkOut")} onChange={setCheckOut} />
        </div>
        <div className="tp-bk-field tp-bk-field--wide">
          <label>{t("search.hotel.keyword")}</label>
          <input className="tp-bk-input tp-bk-field__input" value={keyword} maxLength={30} placeholder={t("search.hotel.keywordPlaceholder")} aria-label={t("search.hotel.keyword")} onChange={(e) => setKeyword(e.target.value)} />
        </div>
        <Button type="primary" size="large" className="tp-bk-bar__go" htmlType="submit">
          {t("search.common.search")}
        </Button>
      </div>
      <SearchProblem problem={problem} />
    </SearchBarForm>
  );
}
