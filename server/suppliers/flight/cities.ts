// Cities and airports of the flight search: resolving a code, and the city chooser's search.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import { searchByPinyin } from "../../../src/domain/travel/pinyin";
import type { AirCity } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import type { AirCityRef, Airport, Places } from "../../inventory/places";

export interface ResolvedPlace {
  cityCode: string;
  cityName: string;
  international: boolean;
  airports: Airport[];
}

/** A city code (all its airports) or an airport code (that airport only); unknown codes are bad input. */
export function resolvePlace(places: Places, code: string, label: string): ResolvedPlace {
  const city = places.airCities.get(code);
  if (city) return { cityCode: city.cityCode, cityName: city.cityName, international: city.international, airports: city.airports };
  const airport = places.airports.get(code);
  if (airport) return { cityCode: airport.cityCode, cityName: airport.cityName, international: airport.international, airports: [airport] };
  throw new DomainError("badInput", said("flight.unknown", { label, code }), { errors: { [label === say("flight.departureCity") ? "depCity" : "arrCity"]: said("flight.unknown", { label, code }) } });
}

export function airCityView(c: AirCityRef): AirCity {
  return {
    cityCode: c.cityCode,
    cityName: c.cityName,
    pinyin: c.keys.full,
    initials: c.keys.initials,
    country: c.country,
    international: c.international,
    airports: c.airports.map((a) => ({ code: a.code, name: a.name })),
  };
}

/** Cities by Chinese name, pinyin, initials, city or airport code; the popular ones when empty. */
export function searchCities(places: Places, keyword: string | undefined, international?: boolean): AirCity[] {
  const pool = places.airCityList.filter((c) => international === undefined || c.international === international);
  const found = keyword
    ? searchByPinyin(pool, keyword, (c) => c.keys, (c) => [c.cityCode, ...c.airports.map((a) => a.code)], 20)
    : pool.slice(0, 20);
  return found.map(airCityView);
}
