// Airports the embedded supplier flies: IATA code, metropolitan city code, Chinese names, a
// traffic weight (1–10, how many flights a route from it gets) and terminals. Coordinates and
// time zones come from the airport dataset package (see ../places.ts).

export interface AirportEntry {
  code: string;
  cityCode: string;
  cityName: string;
  name: string;
  weight: number;
  terminals: string[];
  /** Country or region in Chinese; "中国" for mainland airports. */
  country: string;
  /** Destination charges per passenger (fen) collected on departures to this airport. */
  charges?: number;
}

type Row = [code: string, cityCode: string, cityName: string, name: string, weight: number, terminals: string];

const DOMESTIC: Row[] = [
  ["PEK", "BJS", "北京", "首都国际机场", 10, "T2 T3"],
  ["PKX", "BJS", "北京", "大兴国际机场", 9, ""],
  ["PVG", "SHA", "上海", "浦东国际机场", 10, "T1 T2"],
  ["SHA", "SHA", "上海", "虹桥国际机场", 9, "T1 T2"],
  ["CAN", "CAN", "广州", "白云国际机场", 10, "T1 T2"],
  ["SZX", "SZX", "深圳", "宝安国际机场", 9, "T3"],
  ["CTU", "CTU", "成都", "双流国际机场", 8, "T1 T2"],
  ["TFU", "CTU", "成都", "天府国际机场", 8, "T1 T2"],
  ["CKG", "CKG", "重庆", "江北国际机场", 8, "T2 T3"],
  ["HGH", "HGH", "杭州", "萧山国际机场", 8, "T3 T4"],
  ["XIY", "XIY", "西安", "咸阳国际机场", 8, "T2 T3 T5"],
  ["KMG", "KMG", "昆明", "长水国际机场", 8, ""],
  ["WUH", "WUH", "武汉", "天河国际机场", 7, "T3"],
  ["NKG", "NKG", "南京", "禄口国际机场", 7, "T1 T2"],
  ["XMN", "XMN", "厦门", "高崎国际机场", 7, "T3 T4"],
  ["CSX", "CSX", "长沙", "黄花国际机场", 7, "T2"],
  ["CGO", "CGO", "郑州", "新郑国际机场", 7, "T2"],
  ["TAO", "TAO", "青岛", "胶东国际机场", 6, ""],
  ["SYX", "SYX", "三亚", "凤凰国际机场", 6, "T1 T2"],
  ["HAK", "HAK", "海口", "美兰国际机场", 6, "T1 T2"],
  ["HRB", "HRB", "哈尔滨", "太平国际机场", 6, "T2"],
  ["SHE", "SHE", "沈阳", "桃仙国际机场", 6, "T3"],
  ["TSN", "TSN", "天津", "滨海国际机场", 6, "T2"],
  ["URC", "URC", "乌鲁木齐", "地窝堡国际机场", 6, "T3"],
  ["KWE", "KWE", "贵阳", "龙洞堡国际机场", 6, "T2 T3"],
  ["DLC", "DLC", "大连", "周水子国际机场", 5, ""],
  ["NNG", "NNG", "南宁", "吴圩国际机场", 5, "T2"],
  ["FOC", "FOC", "福州", "长乐国际机场", 5, ""],
  ["TNA", "TNA", "济南", "遥墙国际机场", 5, ""],
  ["TYN", "TYN", "太原", "武宿国际机场", 5, "T2"],
  ["CGQ", "CGQ", "长春", "龙嘉国际机场", 5, "T2"],
  ["HFE", "HFE", "合肥", "新桥国际机场", 5, ""],
  ["KHN", "KHN", "南昌", "昌北国际机场", 5, "T2"],
  ["LHW", "LHW", "兰州", "中川国际机场", 5, "T2"],
  ["SJW", "SJW", "石家庄", "正定国际机场", 4, "T2"],
  ["HET", "HET", "呼和浩特", "白塔国际机场", 4, ""],
  ["INC", "INC", "银川", "河东国际机场", 4, "T3"],
  ["WNZ", "WNZ", "温州", "龙湾国际机场", 4, "T2"],
  ["NGB", "NGB", "宁波", "栎社国际机场", 4, "T2"],
  ["KWL", "KWL", "桂林", "两江国际机场", 4, ""],
  ["XNN", "XNN", "西宁", "曹家堡国际机场", 3, "T3"],
  ["LXA", "LXA", "拉萨", "贡嘎国际机场", 3, ""],
  ["LJG", "LJG", "丽江", "三义国际机场", 3, ""],
  ["JHG", "JHG", "西双版纳", "嘎洒国际机场", 3, ""],
  ["ZUH", "ZUH", "珠海", "金湾机场", 3, ""],
  ["SWA", "SWA", "揭阳", "潮汕国际机场", 3, ""],
  ["YNT", "YNT", "烟台", "蓬莱国际机场", 3, ""],
  ["WUX", "WUX", "无锡", "硕放国际机场", 3, ""],
  ["DYG", "DYG", "张家界", "荷花国际机场", 2, ""],
];

type ForeignRow = [...Row, country: string, charges: number];

const FOREIGN: ForeignRow[] = [
  ["HKG", "HKG", "香港", "香港国际机场", 9, "T1", "中国香港", 18_000],
  ["MFM", "MFM", "澳门", "澳门国际机场", 5, "", "中国澳门", 12_000],
  ["TPE", "TPE", "台北", "桃园国际机场", 6, "T1 T2", "中国台湾", 16_000],
  ["NRT", "TYO", "东京", "成田国际机场", 7, "T1 T2", "日本", 25_000],
  ["HND", "TYO", "东京", "羽田机场", 7, "T3", "日本", 25_000],
  ["KIX", "OSA", "大阪", "关西国际机场", 6, "T1", "日本", 25_000],
  ["ICN", "SEL", "首尔", "仁川国际机场", 8, "T1 T2", "韩国", 20_000],
  ["SIN", "SIN", "新加坡", "樟宜机场", 8, "T1 T2 T3", "新加坡", 30_000],
  ["BKK", "BKK", "曼谷", "素万那普国际机场", 7, "", "泰国", 22_000],
  ["KUL", "KUL", "吉隆坡", "吉隆坡国际机场", 6, "T1", "马来西亚", 20_000],
  ["SGN", "SGN", "胡志明市", "新山一国际机场", 4, "T2", "越南", 18_000],
  ["SYD", "SYD", "悉尼", "金斯福德·史密斯国际机场", 6, "T1", "澳大利亚", 45_000],
  ["MEL", "MEL", "墨尔本", "墨尔本机场", 5, "T2", "澳大利亚", 45_000],
  ["LHR", "LON", "伦敦", "希思罗机场", 7, "T2 T3 T4 T5", "英国", 80_000],
  ["CDG", "PAR", "巴黎", "戴高乐机场", 6, "T1 T2", "法国", 60_000],
  ["FRA", "FRA", "法兰克福", "法兰克福机场", 6, "T1 T2", "德国", 50_000],
  ["AMS", "AMS", "阿姆斯特丹", "史基浦机场", 5, "", "荷兰", 55_000],
  ["HEL", "HEL", "赫尔辛基", "万塔机场", 4, "T2", "芬兰", 40_000],
  ["SVO", "MOW", "莫斯科", "谢列梅捷沃国际机场", 5, "C", "俄罗斯", 30_000],
  ["DXB", "DXB", "迪拜", "迪拜国际机场", 7, "T1 T3", "阿联酋", 35_000],
  ["JFK", "NYC", "纽约", "肯尼迪国际机场", 7, "T1 T4 T8", "美国", 60_000],
  ["LAX", "LAX", "洛杉矶", "洛杉矶国际机场", 7, "TBIT", "美国", 60_000],
  ["SFO", "SFO", "旧金山", "旧金山国际机场", 6, "I", "美国", 60_000],
  ["YVR", "YVR", "温哥华", "温哥华国际机场", 5, "M", "加拿大", 50_000],
];

const split = (t: string) => (t ? t.split(" ") : []);

export const AIRPORT_ENTRIES: readonly AirportEntry[] = [
  ...DOMESTIC.map(([code, cityCode, cityName, name, weight, terminals]) => ({ code, cityCode, cityName, name, weight, terminals: split(terminals), country: "中国" })),
  ...FOREIGN.map(([code, cityCode, cityName, name, weight, terminals, country, charges]) => ({ code, cityCode, cityName, name, weight, terminals: split(terminals), country, charges })),
];

/** Mainland airports with international services (gateways for the long-haul network). */
export const GATEWAYS = ["PEK", "PKX", "PVG", "CAN", "SZX", "CTU", "TFU", "CKG", "HGH", "XIY", "KMG", "XMN", "WUH", "NKG"];

/** Foreign hubs with their own onward flights, so itineraries can connect abroad. */
export const FOREIGN_HUB_LINKS: Record<string, string[]> = {
  HKG: ["SYD", "MEL", "LHR", "SFO", "YVR", "SIN", "BKK", "NRT", "TPE", "JFK"],
  ICN: ["JFK", "LAX", "SFO", "YVR", "NRT", "SIN"],
  SIN: ["SYD", "MEL", "LHR", "FRA", "BKK", "KUL"],
  DXB: ["LHR", "CDG", "FRA", "AMS", "JFK"],
  HND: ["LAX", "SFO", "JFK"],
  HEL: ["LHR", "CDG", "FRA", "AMS"],
};
