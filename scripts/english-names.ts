// Writes src/locales/names.en-US.json: the English names of the product data the embedded
// suppliers answer with (airlines, airports, aircraft, cities, railway stations, hotel cities),
// keyed by their Chinese name, for the replies to an English caller. Airports take the name of
// the airport dataset (OurAirports); cities their usual English name where one is established,
// else their pinyin. Run after changing the data tables: npx tsx scripts/english-names.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import { pinyin } from "pinyin-pro";
import { AIRLINES, AIRCRAFT } from "../server/inventory/data/airlines";
import { AIRPORT_ENTRIES } from "../server/inventory/data/airports";
import { STATION_ENTRIES } from "../server/inventory/data/stations";
import { HOTEL_CITY_ENTRIES } from "../server/inventory/data/hotel-cities";

const require = createRequire(import.meta.url);

const AIRLINE_EN: Record<string, string> = {
  CA: "Air China", MU: "China Eastern Airlines", CZ: "China Southern Airlines", HU: "Hainan Airlines", "3U": "Sichuan Airlines",
  ZH: "Shenzhen Airlines", MF: "Xiamen Airlines", FM: "Shanghai Airlines", SC: "Shandong Airlines", HO: "Juneyao Airlines",
  "9C": "Spring Airlines", KN: "China United Airlines", GS: "Tianjin Airlines", JD: "Capital Airlines", "8L": "Lucky Air",
  GJ: "Loong Air", CX: "Cathay Pacific", NX: "Air Macau", CI: "China Airlines", BR: "EVA Air", JL: "Japan Airlines",
  NH: "All Nippon Airways", KE: "Korean Air", OZ: "Asiana Airlines", SQ: "Singapore Airlines", TG: "Thai Airways",
  MH: "Malaysia Airlines", VN: "Vietnam Airlines", QF: "Qantas", BA: "British Airways", AF: "Air France", LH: "Lufthansa",
  KL: "KLM Royal Dutch Airlines", AY: "Finnair", SU: "Aeroflot", EK: "Emirates", UA: "United Airlines", AA: "American Airlines",
  DL: "Delta Air Lines", AC: "Air Canada", HX: "Hong Kong Airlines", UO: "HK Express",
};

// Cities whose English name is not their plain pinyin, and places abroad.
const CITY_EN: Record<string, string> = {
  香港: "Hong Kong", 澳门: "Macau", 台北: "Taipei", 乌鲁木齐: "Urumqi", 呼和浩特: "Hohhot", 拉萨: "Lhasa", 喀什: "Kashgar",
  西安: "Xi'an", 西宁: "Xining", 哈尔滨: "Harbin", 东京: "Tokyo", 大阪: "Osaka", 首尔: "Seoul", 新加坡: "Singapore",
  曼谷: "Bangkok", 吉隆坡: "Kuala Lumpur", 胡志明市: "Ho Chi Minh City", 悉尼: "Sydney", 墨尔本: "Melbourne", 伦敦: "London",
  巴黎: "Paris", 法兰克福: "Frankfurt", 阿姆斯特丹: "Amsterdam", 赫尔辛基: "Helsinki", 莫斯科: "Moscow", 迪拜: "Dubai",
  纽约: "New York", 洛杉矶: "Los Angeles", 旧金山: "San Francisco", 温哥华: "Vancouver", 日本: "Japan", 韩国: "South Korea",
  泰国: "Thailand", 马来西亚: "Malaysia", 越南: "Vietnam", 澳大利亚: "Australia", 英国: "United Kingdom", 法国: "France",
  德国: "Germany", 荷兰: "Netherlands", 芬兰: "Finland", 俄罗斯: "Russia", 阿联酋: "United Arab Emirates", 美国: "United States",
  加拿大: "Canada", 中国香港: "Hong Kong, China", 中国澳门: "Macau, China", 中国台湾: "Taiwan, China",
  西双版纳: "Xishuangbanna", 张家界: "Zhangjiajie", 石家庄: "Shijiazhuang",
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Pinyin as a place name: one word, capitalised, an apostrophe where a syllable starts with a vowel (Xi'an). */
function placePinyin(name: string): string {
  const syllables = pinyin(name, { toneType: "none", type: "array", v: true });
  return capital(syllables.map((s, i) => (i > 0 && /^[aeo]/.test(s) ? `'${s}` : s)).join(""));
}
const cityEn = (name: string) => CITY_EN[name] ?? placePinyin(name);

const SUFFIX: Record<string, string> = { 东: "East", 西: "West", 南: "South", 北: "North" };
/** 北京南 → Beijing South; 上海虹桥 → Shanghai Hongqiao. */
function stationEn(name: string, city: string): string {
  if (name === city) return cityEn(city);
  if (name.startsWith(city)) {
    const rest = name.slice(city.length);
    return `${cityEn(city)} ${SUFFIX[rest] ?? placePinyin(rest)}`;
  }
  return placePinyin(name);
}

async function main() {
  const out: Record<string, string> = {};
  for (const a of AIRLINES) {
    const en = AIRLINE_EN[a.code];
    if (!en) throw new Error(`no English name for airline ${a.code} ${a.name}`);
    out[a.name] = en;
  }
  for (const a of Object.values(AIRCRAFT)) out[a.type] = a.type.replace("空客", "Airbus ").replace("波音", "Boeing ").replace("中国商飞", "COMAC ").replace("巴航工业", "Embraer ");
  Object.assign(out, { 大: "Large", 中: "Medium", 小: "Small" });
  const facts = await require("airport-data-js").getMultipleAirports(AIRPORT_ENTRIES.map((a) => a.code));
  const airportName = new Map<string, string>(facts.filter(Boolean).map((f: { iata: string; airport: string }) => [f.iata, f.airport]));
  for (const a of AIRPORT_ENTRIES) {
    const city = cityEn(a.cityName);
    out[a.cityName] = city;
    out[a.country] ??= cityEn(a.country);
    const full = airportName.get(a.code) ?? `${city} ${placePinyin(a.name)}`;
    out[`${a.cityName}${a.name}`] = full;
    // The airport's own name reads in English with its city, as the dataset names it.
    out[a.name] ??= full;
  }
  for (const s of STATION_ENTRIES) {
    out[s.city] ??= cityEn(s.city);
    out[s.name] ??= stationEn(s.name, s.city);
  }
  for (const c of HOTEL_CITY_ENTRIES) out[c.name] ??= cityEn(c.name);
  const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b, "zh")));
  fs.writeFileSync("src/locales/names.en-US.json", `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${Object.keys(sorted).length} names`);
}

await main();
