// Hotel brands by grade, with how their hotels are named and what they offer.

export interface HotelBrandEntry {
  brand: string;
  star: 2 | 3 | 4 | 5;
  /** chain: "如家酒店(北京国贸店)"; grand: "北京国贸希尔顿酒店". */
  style: "chain" | "grand";
  suffix: string;
}

export const HOTEL_BRANDS: readonly HotelBrandEntry[] = [
  { brand: "如家", star: 2, style: "chain", suffix: "酒店" },
  { brand: "汉庭", star: 2, style: "chain", suffix: "酒店" },
  { brand: "7天", star: 2, style: "chain", suffix: "连锁酒店" },
  { brand: "锦江之星", star: 2, style: "chain", suffix: "酒店" },
  { brand: "全季", star: 3, style: "chain", suffix: "酒店" },
  { brand: "亚朵", star: 3, style: "chain", suffix: "酒店" },
  { brand: "桔子", star: 3, style: "chain", suffix: "酒店" },
  { brand: "维也纳", star: 3, style: "chain", suffix: "酒店" },
  { brand: "智选假日", star: 3, style: "chain", suffix: "酒店" },
  { brand: "希尔顿欢朋", star: 3, style: "chain", suffix: "酒店" },
  { brand: "假日", star: 4, style: "grand", suffix: "酒店" },
  { brand: "福朋喜来登", star: 4, style: "grand", suffix: "酒店" },
  { brand: "诺富特", star: 4, style: "grand", suffix: "酒店" },
  { brand: "开元名都", star: 4, style: "grand", suffix: "大酒店" },
  { brand: "希尔顿", star: 5, style: "grand", suffix: "酒店" },
  { brand: "万豪", star: 5, style: "grand", suffix: "酒店" },
  { brand: "洲际", star: 5, style: "grand", suffix: "酒店" },
  { brand: "香格里拉", star: 5, style: "grand", suffix: "大酒店" },
  { brand: "喜来登", star: 5, style: "grand", suffix: "酒店" },
  { brand: "凯悦", star: 5, style: "grand", suffix: "酒店" },
  { brand: "威斯汀", star: 5, style: "grand", suffix: "酒店" },
];

export const FACILITIES_BY_STAR: Record<2 | 3 | 4 | 5, string[]> = {
  2: ["免费WiFi", "24小时前台", "行李寄存"],
  3: ["免费WiFi", "24小时前台", "行李寄存", "洗衣房", "餐厅", "停车场"],
  4: ["免费WiFi", "24小时前台", "行李寄存", "餐厅", "停车场", "健身房", "会议室", "接机服务"],
  5: ["免费WiFi", "24小时前台", "行李寄存", "中餐厅", "西餐厅", "停车场", "健身房", "室内泳池", "会议室", "行政酒廊", "SPA", "接机服务"],
};

export const ROADS = ["人民路", "中山路", "解放路", "建设路", "和平路", "长江路", "文化路", "新华路", "东风路", "迎宾大道", "滨江路", "光明路"];
