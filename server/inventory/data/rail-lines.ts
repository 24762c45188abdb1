// Railway corridors as ordered station lists. Trains run along a corridor (or a stretch of it)
// in either direction, stopping at some of its stations; high-speed corridors carry G/D/C
// trains, conventional ones Z/T/K. `daily` is how many trains of each type run each way.
import type { TrainType } from "../../../src/domain/travel/train";

export interface RailLine {
  name: string;
  stations: string[];
  daily: Partial<Record<TrainType, number>>;
}

export const RAIL_LINES: readonly RailLine[] = [
  { name: "京沪高铁", stations: ["北京南", "天津南", "济南西", "泰安", "曲阜东", "徐州东", "蚌埠南", "南京南", "无锡东", "苏州北", "上海虹桥"], daily: { G: 16, D: 2 } },
  { name: "京广高铁", stations: ["北京西", "保定东", "石家庄", "郑州东", "武汉", "岳阳东", "长沙南", "衡阳东", "郴州西", "韶关", "广州南", "深圳北"], daily: { G: 14, D: 2 } },
  { name: "沪昆高铁", stations: ["上海虹桥", "杭州东", "义乌", "金华", "上饶", "南昌西", "长沙南", "怀化南", "贵阳北", "昆明南"], daily: { G: 10, D: 2 } },
  { name: "沪汉蓉高铁", stations: ["上海虹桥", "苏州", "南京南", "合肥南", "汉口", "宜昌东", "重庆北", "成都东"], daily: { G: 8, D: 4 } },
  { name: "徐兰高铁", stations: ["徐州东", "郑州东", "洛阳龙门", "西安北", "兰州西", "西宁", "乌鲁木齐"], daily: { G: 8, D: 2 } },
  { name: "西成高铁", stations: ["西安北", "绵阳", "成都东"], daily: { G: 6, D: 2 } },
  { name: "京哈高铁", stations: ["北京朝阳", "沈阳", "长春西", "哈尔滨西"], daily: { G: 8, D: 2 } },
  { name: "哈大高铁", stations: ["大连北", "沈阳北", "长春西", "哈尔滨西"], daily: { G: 6, D: 2 } },
  { name: "沿海高铁", stations: ["上海虹桥", "杭州东", "宁波", "温州南", "福州南", "厦门北", "深圳北"], daily: { G: 8, D: 4 } },
  { name: "京青高铁", stations: ["北京南", "天津南", "济南西", "青岛北", "青岛"], daily: { G: 6, D: 2 } },
  { name: "成渝高铁", stations: ["成都东", "重庆西"], daily: { G: 8, D: 4 } },
  { name: "贵广高铁", stations: ["贵阳北", "桂林北", "广州南"], daily: { G: 4, D: 4 } },
  { name: "南广高铁", stations: ["南宁东", "广州南"], daily: { G: 4, D: 4 } },
  { name: "广珠城际", stations: ["广州南", "珠海"], daily: { C: 8 } },
  { name: "广深城际", stations: ["广州东", "深圳"], daily: { C: 8 } },
  { name: "京津城际", stations: ["北京南", "天津"], daily: { C: 10 } },
  { name: "海南环岛高铁", stations: ["海口东", "三亚"], daily: { D: 6, C: 4 } },
  { name: "石太高铁", stations: ["石家庄", "太原南"], daily: { G: 4, D: 2 } },
  { name: "大西高铁", stations: ["太原南", "西安北"], daily: { G: 4, D: 2 } },
  { name: "京张高铁", stations: ["北京北", "张家口", "呼和浩特东"], daily: { G: 4, D: 2 } },
  { name: "合福高铁", stations: ["合肥南", "上饶", "福州"], daily: { G: 4, D: 2 } },
  { name: "福厦铁路", stations: ["福州", "厦门"], daily: { D: 4 } },
  { name: "银兰高铁", stations: ["银川", "兰州西"], daily: { D: 4 } },
  { name: "京广铁路", stations: ["北京西", "石家庄", "郑州", "汉口", "武昌", "长沙", "广州"], daily: { Z: 2, T: 2, K: 2 } },
  { name: "京沪铁路", stations: ["北京", "天津", "济南", "徐州", "南京", "上海"], daily: { Z: 2, T: 1, K: 2 } },
  { name: "京哈铁路", stations: ["北京", "天津", "沈阳北", "长春", "哈尔滨"], daily: { Z: 1, T: 2, K: 2 } },
  { name: "陇海兰新铁路", stations: ["上海", "南京", "徐州", "郑州", "西安", "兰州", "乌鲁木齐"], daily: { Z: 1, T: 1, K: 2 } },
  { name: "沪昆铁路", stations: ["上海南", "杭州", "金华", "南昌", "长沙", "贵阳", "昆明"], daily: { Z: 1, T: 1, K: 2 } },
  { name: "宝成成渝铁路", stations: ["西安", "成都", "重庆北"], daily: { T: 1, K: 2 } },
  { name: "京九铁路", stations: ["北京西", "南昌", "深圳"], daily: { Z: 1, K: 1 } },
  { name: "青藏铁路", stations: ["北京西", "石家庄", "郑州", "西安", "兰州", "西宁", "拉萨"], daily: { Z: 1 } },
  { name: "京太铁路", stations: ["北京西", "石家庄", "太原"], daily: { T: 1, K: 1 } },
  { name: "湘桂铁路", stations: ["广州", "南宁"], daily: { K: 2 } },
];
