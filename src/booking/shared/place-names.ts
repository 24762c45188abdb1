// A search opened from an address that carries only codes (a link, a bookmark, another site:
// ?depCity=BJS&arrCity=SHA, ?cityCode=3101) is shown with the places' names, looked up from the
// same suggestion calls the pickers use. A name the address carries is kept as it is.
import type { AirCity, HotelCity } from "../../domain/travel/types";
import type { FlightSearch, HotelSearch } from "../../domain/travel/search-query";
import { useSearch } from "../../components/search/useSearch";

/** True when the address gave no real name for the place: none, or the code itself. */
const unnamed = (code: string | undefined, name: string | undefined): code is string => Boolean(code) && (!name || name === code);

/** The flight city's name for its three-letter code (the city search matches codes too). */
export function useAirCityName(code: string | undefined, name: string | undefined): string | undefined {
  const ask = unnamed(code, name);
  const { data } = useSearch<AirCity[]>("/api/v1/trip_manager/air_city_search", ask ? { keyword: code } : null);
  if (!ask) return name;
  return (Array.isArray(data) ? data.find((c) => c.cityCode === code)?.cityName : undefined) ?? code;
}

/** The hotel city's name for its code (an empty keyword lists every hotel city). */
export function useHotelCityName(code: string | undefined, name: string | undefined): string | undefined {
  const ask = unnamed(code, name);
  const { data } = useSearch<HotelCity[]>("/hotel/queryCity", ask ? { keyword: "" } : null);
  if (!ask) return name;
  return (Array.isArray(data) ? data.find((c) => c.cityCode === code)?.cityName : undefined) ?? code;
}

/** A flight search with its cities named. */
export function useNamedFlightSearch(search: FlightSearch | null): FlightSearch | null {
  const depName = useAirCityName(search?.depCity, search?.depName);
  const arrName = useAirCityName(search?.arrCity, search?.arrName);
  return search && { ...search, depName: depName ?? search.depName, arrName: arrName ?? search.arrName };
}

/** A hotel search with its city named. */
export function useNamedHotelSearch(search: HotelSearch | null): HotelSearch | null {
  const cityName = useHotelCityName(search?.cityCode, search?.cityName);
  return search && { ...search, cityName: cityName ?? search.cityName };
}
