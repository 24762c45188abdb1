// Reply types of the hotel search: cities, areas, choices, the list, details, room prices and the
// can-book check. Money in fen.
import type { CancelPolicy } from "./hotel";
import { type Fen } from "../money";

export interface HotelCity {
  cityCode: string;
  cityName: string;
  pinyin: string;
  initials: string;
  province: string;
}

export interface HotelAreaInfo {
  cityCode: string;
  cityName: string;
  districts: { name: string; hotelCount: number }[];
  landmarks: string[];
}

export interface HotelChoice {
  priceRanges: { min: Fen; max: Fen | null; label: string }[];
  stars: { star: number; label: string; hotelCount: number }[];
  brands: { brand: string; hotelCount: number }[];
  districts: { name: string; hotelCount: number }[];
}

export interface HotelListItem {
  hotelId: number;
  name: string;
  brand: string;
  star: number;
  starLabel: string;
  district: string;
  address: string;
  score: number;
  lat: number;
  lng: number;
  facilities: string[];
  /** Lowest average nightly price among room types bookable for the whole stay. */
  lowestPrice: Fen | null;
  roomsLeft: number;
}

export interface HotelBaseInfo {
  hotelId: number;
  cityCode: string;
  cityName: string;
  name: string;
  brand: string;
  star: number;
  starLabel: string;
  district: string;
  address: string;
  landmark: string;
  phone: string;
  lat: number;
  lng: number;
  score: number;
  openYear: number;
  renovationYear: number;
  checkInTime: string;
  checkOutTime: string;
  description: string;
  facilities: string[];
  policies: string[];
  roomTypes: { roomTypeId: number; name: string; bedType: string; areaSqm: number; maxGuests: number }[];
}

export interface RoomNight {
  date: string;
  price: Fen;
  left: number;
}

export interface RoomPrice {
  roomTypeId: number;
  name: string;
  bedType: string;
  areaSqm: number;
  maxGuests: number;
  breakfast: 0 | 1 | 2;
  breakfastLabel: string;
  cancelPolicy: CancelPolicy;
  cancelText: string;
  nightly: RoomNight[];
  /** Whole stay for one room. */
  total: Fen;
  avgPrice: Fen;
  /** Rooms bookable on every night of the stay. */
  roomsLeft: number;
  bookable: boolean;
}

export interface HotelPriceInfo {
  hotelId: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: RoomPrice[];
}

export interface CanBookReply {
  canBook: boolean;
  reason: string | null;
  room: RoomPrice | null;
  roomCount: number;
  /** total × roomCount plus the service fee. */
  amount: Fen;
  serviceFee: Fen;
}

