// Reply types of the train search: stations, trains with seats per class, transfers. Money in fen.
import type { Connection } from "./types";
import type { SeatClass, TrainType } from "./train";
import { type Fen } from "../money";

export interface StationItem {
  name: string;
  code: string;
  cityName: string;
  pinyin: string;
  initials: string;
  hot: boolean;
}

export interface TrainSeat {
  seatClass: SeatClass;
  seatName: string;
  price: Fen;
  childPrice: Fen;
  left: number;
  availability: string;
}

export interface TrainStop {
  station: string;
  arrTime: string | null;
  depTime: string | null;
  dayOffset: number;
  stopMinutes: number;
}

export interface TrainItem {
  trainKey: string;
  trainNo: string;
  trainType: TrainType;
  trainTypeName: string;
  startStation: string;
  endStation: string;
  fromStation: string;
  toStation: string;
  runDate: string;
  depDate: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  arrDayOffset: number;
  durationMin: number;
  distanceKm: number;
  seats: TrainSeat[];
  lowestPrice: Fen | null;
  stops: TrainStop[];
  /**
   * 停运 that day (an operator recorded the run's cancellation): still listed, so a traveller
   * who knows the train sees why it cannot be booked instead of reading it as sold out.
   */
  stopped?: true;
}

export interface TrainListReply {
  fromCity: string;
  toCity: string;
  depDate: string;
  list: TrainItem[];
  total: number;
  facets: { trainTypes: TrainType[]; fromStations: string[]; toStations: string[] };
}

export interface TrainTransfer {
  key: string;
  first: TrainItem;
  second: TrainItem;
  connection: Connection;
  totalDurationMin: number;
  lowestPrice: Fen | null;
}

