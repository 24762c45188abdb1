// A standard as sentences: what an employee sees as "my standard" and what the signed-in user's
// travel-standard summaries say.
import { label } from "../codes";
import { CABIN_CLASSES, CAR_TYPES, CITY_TIERS, OVER_ACTIONS, SEAT_CLASSES, type OverAction } from "./codes";
import { OVER_STANDARD_ALLOWANCE_FEN } from "./over-standard";
import type { CarStandardForm } from "./car-standard";
import type { TravelStandard } from "./standard";
import { yuanText } from "../money";

export interface StandardSummary {
  air: string[];
  hotel: string[];
  train: string[];
  car: string[];
  overAction: string;
}

function discountText(percent: number): string {
  return `${yuanText(percent * 10)}折`;
}

export function summarizeStandard(std: TravelStandard | null, overAction: OverAction, car: Omit<CarStandardForm, "id" | "name" | "tripLevelIds"> | null): StandardSummary {
  const air: string[] = [];
  const hotel: string[] = [];
  const train: string[] = [];
  if (std) {
    air.push(`可乘坐舱位：${std.flight.cabins.map((c) => label(CABIN_CLASSES, c)).join("、")}`);
    if (std.flight.maxDiscount !== null) air.push(`最高折扣：${discountText(std.flight.maxDiscount)}`);
    if (std.flight.maxPriceFen !== null) air.push(`最高票价：${yuanText(std.flight.maxPriceFen)} 元`);
    if (std.flight.lowestFareHours !== null) air.push(`须选择出发时间前后 ${std.flight.lowestFareHours} 小时内的最低价`);
    if (std.flight.maxDiscount !== null || std.flight.maxPriceFen !== null || std.flight.lowestFareHours !== null) {
      air.push(`票价可在标准上浮动 ${yuanText(OVER_STANDARD_ALLOWANCE_FEN)} 元`);
    }
    for (const tier of CITY_TIERS.keys) {
      const cap = std.hotel.capsFen[tier];
      hotel.push(`${label(CITY_TIERS, tier)}：${cap === null ? "不限" : `每晚 ${yuanText(cap)} 元以内`}`);
    }
    train.push(`可乘坐席别：${std.train.seats.map((s) => label(SEAT_CLASSES, s)).join("、")}`);
  }
  const carLines: string[] = [];
  if (car) {
    carLines.push(`可选车型：${car.carTypes.map((c) => label(CAR_TYPES, c)).join("、")}`);
    carLines.push(car.allCities ? "用车城市：不限" : `用车城市：${car.cities.map((c) => c.name).join("、")}`);
    carLines.push(car.timeWindows.length ? `用车时段：${car.timeWindows.map((w) => `${w.start}-${w.end}`).join("、")}` : "用车时段：不限");
    if (car.perRideCapFen !== null) carLines.push(`单次限额：${yuanText(car.perRideCapFen)} 元`);
    if (car.monthlyCapFen !== null) carLines.push(`每月限额：${yuanText(car.monthlyCapFen)} 元`);
  }
  return { air, hotel, train, car: carLines, overAction: label(OVER_ACTIONS, overAction) };
}
