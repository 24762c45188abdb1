// The three place choosers of the booking pages, each over its own suggestion call.
import type { AirCity, HotelCity, StationItem } from "../../domain/travel/types";
import { PlacePicker, type Place } from "./PlacePicker";

interface PickerProps {
  value: Place | null;
  onChange: (place: Place) => void;
  placeholder: string;
  label: string;
  className?: string;
}

const hint = (main: string, extra: string) => (
  <div className="tp-bk-option">
    <span>{main}</span>
    <span className="tp-bk-option__extra">{extra}</span>
  </div>
);

/** Flight cities; `international` limits to foreign cities, undefined lists all. */
export function AirCityPicker(props: PickerProps & { international?: boolean }) {
  const { international, ...rest } = props;
  return (
    <PlacePicker<AirCity>
      {...rest}
      url="/api/v1/trip_manager/air_city_search"
      payload={international === undefined ? {} : { international: international ? "1" : "0" }}
      toPlace={(c) => ({ value: c.cityCode, label: c.cityName })}
      describe={(c) => hint(c.cityName, `${c.international ? `${c.country} ` : ""}${c.cityCode}${c.airports.length > 1 ? ` · ${c.airports.map((a) => a.code).join("/")}` : ""}`)}
    />
  );
}

export function StationPicker(props: PickerProps) {
  return (
    <PlacePicker<StationItem>
      {...props}
      url="/api/v1/train/station_search"
      toPlace={(s) => ({ value: s.name, label: s.name })}
      describe={(s) => hint(s.name, `${s.cityName} · ${s.pinyin}`)}
    />
  );
}

export function HotelCityPicker(props: PickerProps) {
  return (
    <PlacePicker<HotelCity>
      {...props}
      url="/hotel/queryCity"
      toPlace={(c) => ({ value: c.cityCode, label: c.cityName })}
      describe={(c) => hint(c.cityName, `${c.province} · ${c.pinyin}`)}
    />
  );
}
