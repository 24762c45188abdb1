// The hotel stay of an order (migration 078): the stay and its rate, the nights as booked, the
// guests. Money in integer fen.
import type { Generated } from "kysely";

export interface HotelOrdersTable {
  id: Generated<number>;
  orderId: number;
  hotelId: number;
  roomTypeId: number;
  cityName: string;
  hotelName: string;
  roomName: string;
  address: string;
  phone: string;
  bedType: string;
  breakfast: number;
  cancelPolicy: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  roomCount: number;
  arrivalTime: string;
  remark: string | null;
  confirmNo: string | null;
  penaltyFen: Generated<number>;
  refundFen: Generated<number>;
}

export interface HotelOrderNightsTable {
  id: Generated<number>;
  orderId: number;
  night: string;
  priceFen: number;
  rooms: number;
}

export interface HotelOrderGuestsTable {
  id: Generated<number>;
  orderId: number;
  roomNo: number;
  name: string;
}
