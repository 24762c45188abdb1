// Airlines with their real two-letter codes, Chinese names, home airports and fleets.

export interface AirlineEntry {
  code: string;
  name: string;
  hubs: string[];
  fleet: string[];
  /** Low-cost carriers sell economy only and serve no meal. */
  lowCost?: boolean;
  foreign?: boolean;
}

export const AIRLINES: readonly AirlineEntry[] = [
  { code: "CA", name: "中国国际航空", hubs: ["PEK", "CTU", "TFU", "HGH", "TSN"], fleet: ["A320", "A321", "B737-800", "A330-300", "C919"] },
  { code: "MU", name: "中国东方航空", hubs: ["PVG", "SHA", "KMG", "XIY", "NKG", "WUH", "PKX"], fleet: ["A320", "A321", "B737-800", "C919", "A330-300"] },
  { code: "CZ", name: "中国南方航空", hubs: ["CAN", "PKX", "SZX", "URC", "SHE", "CGO", "CSX"], fleet: ["A320neo", "A321", "B737-800", "A330-300", "B787-9"] },
  { code: "HU", name: "海南航空", hubs: ["HAK", "PEK", "XIY", "TYN", "SYX"], fleet: ["B737-800", "B737 MAX 8", "B787-9", "A330-300"] },
  { code: "3U", name: "四川航空", hubs: ["CTU", "TFU", "CKG", "KMG"], fleet: ["A320", "A321", "A330-300", "A350-900"] },
  { code: "ZH", name: "深圳航空", hubs: ["SZX", "CAN", "NNG"], fleet: ["A320", "B737-800", "A330-300"] },
  { code: "MF", name: "厦门航空", hubs: ["XMN", "FOC", "HGH", "CSX"], fleet: ["B737-800", "B737 MAX 8", "B787-9"] },
  { code: "FM", name: "上海航空", hubs: ["SHA", "PVG"], fleet: ["B737-800", "B737 MAX 8"] },
  { code: "SC", name: "山东航空", hubs: ["TNA", "TAO", "YNT"], fleet: ["B737-800", "B737 MAX 8"] },
  { code: "HO", name: "吉祥航空", hubs: ["PVG", "SHA", "NKG"], fleet: ["A320", "A321", "B787-9"] },
  { code: "9C", name: "春秋航空", hubs: ["SHA", "PVG", "SJW"], fleet: ["A320", "A320neo"], lowCost: true },
  { code: "KN", name: "中国联合航空", hubs: ["PKX"], fleet: ["B737-800"], lowCost: true },
  { code: "GS", name: "天津航空", hubs: ["TSN", "HAK"], fleet: ["A320", "E190"] },
  { code: "JD", name: "首都航空", hubs: ["PKX", "HGH", "SYX"], fleet: ["A320", "A321", "A330-300"] },
  { code: "8L", name: "祥鹏航空", hubs: ["KMG"], fleet: ["B737-800"] },
  { code: "GJ", name: "长龙航空", hubs: ["HGH"], fleet: ["A320", "A321"] },
  { code: "CX", name: "国泰航空", hubs: ["HKG"], fleet: ["A330-300", "A350-900", "B777-300ER"], foreign: true },
  { code: "NX", name: "澳门航空", hubs: ["MFM"], fleet: ["A320", "A321"], foreign: true },
  { code: "CI", name: "中华航空", hubs: ["TPE"], fleet: ["A350-900", "B737-800"], foreign: true },
  { code: "JL", name: "日本航空", hubs: ["HND", "NRT"], fleet: ["B787-9", "B777-300ER"], foreign: true },
  { code: "NH", name: "全日空", hubs: ["HND", "NRT", "KIX"], fleet: ["B787-9", "B777-300ER"], foreign: true },
  { code: "KE", name: "大韩航空", hubs: ["ICN"], fleet: ["A330-300", "B777-300ER"], foreign: true },
  { code: "OZ", name: "韩亚航空", hubs: ["ICN"], fleet: ["A350-900", "A321"], foreign: true },
  { code: "SQ", name: "新加坡航空", hubs: ["SIN"], fleet: ["A350-900", "B777-300ER"], foreign: true },
  { code: "TG", name: "泰国国际航空", hubs: ["BKK"], fleet: ["B787-9", "A350-900"], foreign: true },
  { code: "MH", name: "马来西亚航空", hubs: ["KUL"], fleet: ["A330-300", "B737-800"], foreign: true },
  { code: "VN", name: "越南航空", hubs: ["SGN"], fleet: ["A321", "B787-9"], foreign: true },
  { code: "QF", name: "澳洲航空", hubs: ["SYD", "MEL"], fleet: ["A330-300", "B787-9"], foreign: true },
  { code: "BA", name: "英国航空", hubs: ["LHR"], fleet: ["B777-300ER", "B787-9"], foreign: true },
  { code: "AF", name: "法国航空", hubs: ["CDG"], fleet: ["B777-300ER", "A350-900"], foreign: true },
  { code: "LH", name: "汉莎航空", hubs: ["FRA"], fleet: ["A350-900", "B747-8"], foreign: true },
  { code: "KL", name: "荷兰皇家航空", hubs: ["AMS"], fleet: ["B787-9", "B777-300ER"], foreign: true },
  { code: "AY", name: "芬兰航空", hubs: ["HEL"], fleet: ["A350-900", "A321"], foreign: true },
  { code: "SU", name: "俄罗斯航空", hubs: ["SVO"], fleet: ["A350-900", "B777-300ER"], foreign: true },
  { code: "EK", name: "阿联酋航空", hubs: ["DXB"], fleet: ["B777-300ER", "A380"], foreign: true },
  { code: "UA", name: "美国联合航空", hubs: ["SFO"], fleet: ["B777-300ER", "B787-9"], foreign: true },
  { code: "AA", name: "美国航空", hubs: ["JFK", "LAX"], fleet: ["B777-300ER", "B787-9"], foreign: true },
  { code: "DL", name: "达美航空", hubs: ["LAX", "JFK"], fleet: ["A350-900", "A330-300"], foreign: true },
  { code: "AC", name: "加拿大航空", hubs: ["YVR"], fleet: ["B787-9", "B777-300ER"], foreign: true },
];

export interface AircraftEntry {
  type: string;
  size: "大" | "中" | "小";
  /** Seats per cabin; a cabin the aircraft lacks is absent. */
  seats: { F?: number; C?: number; Y: number };
  /** Cruise block speed, km/h, for durations. */
  speed: number;
}

export const AIRCRAFT: Record<string, AircraftEntry> = {
  A320: { type: "空客A320", size: "中", seats: { F: 8, Y: 150 }, speed: 780 },
  A320neo: { type: "空客A320neo", size: "中", seats: { F: 8, Y: 156 }, speed: 790 },
  A321: { type: "空客A321", size: "中", seats: { F: 12, Y: 173 }, speed: 790 },
  "B737-800": { type: "波音737-800", size: "中", seats: { F: 8, Y: 159 }, speed: 780 },
  "B737 MAX 8": { type: "波音737 MAX 8", size: "中", seats: { F: 8, Y: 168 }, speed: 790 },
  C919: { type: "中国商飞C919", size: "中", seats: { C: 8, Y: 150 }, speed: 780 },
  E190: { type: "巴航工业E190", size: "小", seats: { F: 6, Y: 92 }, speed: 740 },
  "A330-300": { type: "空客A330-300", size: "大", seats: { C: 30, Y: 270 }, speed: 830 },
  "A350-900": { type: "空客A350-900", size: "大", seats: { F: 4, C: 32, Y: 262 }, speed: 850 },
  "B787-9": { type: "波音787-9", size: "大", seats: { C: 28, Y: 262 }, speed: 850 },
  "B777-300ER": { type: "波音777-300ER", size: "大", seats: { F: 8, C: 42, Y: 266 }, speed: 860 },
  "B747-8": { type: "波音747-8", size: "大", seats: { F: 8, C: 80, Y: 276 }, speed: 870 },
  A380: { type: "空客A380", size: "大", seats: { F: 14, C: 76, Y: 427 }, speed: 870 },
};
