// What every product's business (因公) booking answers: the travel standard's check before
// booking, and the business facts an order's detail shows (verdict, reason, trip application,
// approval and its trail). Flights, trains and hotels answer the same shapes.

/** The travel standard's view of an offer for a business booking (the order page's check). */
export interface BusinessCheck {
  /** The caller may book on business (a company member). */
  allowed: boolean;
  tripLevelName: string | null;
  configured: boolean;
  over: boolean;
  reasons: string[];
  overAction: "forbid" | "reason" | "approve";
  verdictText: string;
  applicationRequired: boolean;
  needReason: boolean;
  needApproval: boolean;
  refuse: boolean;
  overReasons: string[];
  /** 超标自付 (flights): what the traveller would pay themself of one adult ticket (0: the company pays it all). */
  selfPayFen: number;
}

/** One step of an order's approval: who did what, when, and what they said. */
export interface OrderApprovalStep {
  id: number;
  level: number;
  action: string;
  actionLabel: string;
  actorName: string;
  comment: string | null;
  createTime: string;
}

export interface OrderApproval {
  id: number;
  status: string;
  statusLabel: string;
  level: number;
  levelCount: number;
  currentApprovers: string[];
  countdown: { at: string; kind: "fare" | "level"; remainingSeconds: number } | null;
  /** Every step so far, oldest first. */
  history: OrderApprovalStep[];
}

/** The business facts of an order's detail (a private order: travelType "private" and nothing else). */
export interface OrderBusinessFacts {
  /** "business" (因公), "private" (因私); null for orders booked before travel types. */
  travelType: string | null;
  /** 1: the booking was over the traveller's travel standard. */
  overStandard: number;
  /** The booker's reason for booking over the standard. */
  overReasons: string | null;
  /** The standard's verdict on the booking. */
  standardVerdict: string | null;
  /** The trip application a business order belongs to. */
  applyId: number | null;
  applyNoteNo: string | null;
  /** The order's approval (business orders that needed one). */
  approval: OrderApproval | null;
}

/** Who booked an order, and who travels when it was booked for someone else (a colleague, a subordinate). */
export interface OrderPeople {
  bookerName: string;
  travellerName: string | null;
}

export interface ApprovalFlight {
  flightNo: string; airlineName: string; depCityName: string; arrCityName: string; depAirportName: string; arrAirportName: string;
  depDate: string; depTime: string; arrTime: string; cabinClassName: string; cabinCode: string; salePrice: number;
}

/** An order under approval as its approver sees it (certificate numbers masked): what was booked, the travellers, the amount and the standard's verdict. */
export interface OrderSubject {
  kind: "order";
  product: "air" | "train" | "hotel";
  id: number;
  orderNo: string;
  status: number;
  statusLabel: string;
  /** The order still waits for this approval; its held booking runs out at expiresAt. */
  approving: boolean;
  expiresAt: string | null;
  payprice: number;
  travelType: string | null;
  overStandard: number;
  overReasons: string | null;
  standardVerdict: string | null;
  /** 出差事由: the purpose of the trip application the order was booked under. */
  purpose: string | null;
  /** 超标自付: what the traveller pays themself (selfFen) and what the company's credit pays (companyFen); null when the company pays it all. */
  selfPay: { selfFen: number; companyFen: number } | null;
  /** The trip application the order was booked under. */
  application: OrderApplication | null;
  /** The first (or only) flight, and every leg of a round trip or connection in `legs` (one leg otherwise). */
  flight: (ApprovalFlight & { legs: ApprovalFlight[] }) | null;
  train: { trainNo: string; fromStation: string; toStation: string; depDate: string; depTime: string; arrTime: string; seatName: string } | null;
  hotel: { hotelName: string; cityName: string; roomName: string; checkIn: string; checkOut: string; nights: number; roomCount: number } | null;
  /** Passengers (flights: type ADT/CHD/INF; trains: adult/child) or a hotel's guests (no type or certificate). */
  passengers: { name: string; type: string | null; certType: number | null; certNo: string | null }[];
}

/** The trip application an order was booked under, as its approver sees it. */
export interface OrderApplication {
  id: number;
  noteNo: string;
  purpose: string;
  fromCity: string;
  toCities: string[];
  startDate: string;
  endDate: string;
  /** The application's own approval, when the viewer may open it (null: shown without a link). */
  approvalId: number | null;
}
