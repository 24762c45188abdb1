// Row types of the database, shared by both dialects. Generated<> marks columns with a database
// default. Datetimes are ISO-8601 UTC text so they sort and compare alike in SQLite and PostgreSQL.


import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface MembersTable {
  id: Generated<number>;
  memberType: string; // base type: 10, 20, 30, 40, 50 or 70 (7_0 is derived from creditEmployeeId)
  memberLevel: Generated<number>;
  status: Generated<number>; // 1 active, 0 disabled
  appId: string | null;
  creditMemberId: Generated<number>; // company id when this member is a company's main member (type 70)
  creditEmployeeId: Generated<number>; // employee id when this member is a company employee (7_0)
  femaleEndId: Generated<number>;
  isThirdParty: Generated<number>;
  thirdPartyName: string | null;
  pnrImport: Generated<number>;
  realName: string | null;
  username: string | null;
  mobilePhone: string;
  email: string | null;
  account: string | null;
  photo: string | null;
  birthday: string | null;
  sex: number | null; // 1 male, 2 female
  remark: string | null;
  memberCardType: string | null;
  experienceDate: string | null; // null: permanently valid
  passwordHash: string | null;
  payPasswordHash: string | null;
  showPayPwd: Generated<number>;
  showServFee: Generated<number>;
  paymentLimits: Generated<string>; // comma-separated, e.g. "wallet,alipay,wechat,creditpay"
  referrerId: number | null;
  createTime: string;
  updateTime: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  adminMemberId: number | null;
  dometicketServerFee: string; // money as decimal text: exact in both dialects
  createTime: string;
}

export interface DepartmentsTable {
  id: Generated<number>;
  companyId: number;
  parentId: number | null;
  name: string;
  sort: number;
}

export interface TripLevelsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  approveFlag: number;
  feeFlag: number;
  changeApprove: number;
  overproof: number;
  overApprove: number;
}

export interface EmployeesTable {
  id: Generated<number>;
  companyId: number;
  memberId: number | null;
  departmentId: number | null;
  tripLevelId: number | null;
  employeeLevel: string | null;
  canAudit: number;
  createTime: string;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string; // thirdPartyName
  appId: string;
  secret: string;
  memberId: number | null; // the member a verified entry signs in as
  createTime: string;
}

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  memberId: number;
  createTime: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface ExceptionEventsTable {
  id: Generated<number>;
  memberId: number | null;
  api: string;
  type: string;
  httpCode: number | null;
  ret: string | null;
  param: string | null;
  response: string | null;
  costTime: number | null;
  device: string | null;
  appVer: string | null;
  userAgent: string | null;
  createTime: string;
}

export interface ExceptionEventTotalsTable {
  memberId: number;
  total: number;
}

export const SMS_PURPOSES = ["login", "register", "reset", "verify", "paypwd"] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export interface SmsCodesTable {
  id: Generated<number>;
  mobilePhone: string;
  purpose: SmsPurpose;
  codeHash: string;
  createTime: string;
  expiresAt: string;
  wrongTries: Generated<number>;
  verifiedAt: string | null;
  usedAt: string | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobilePhone: string;
  content: string;
  code: string | null;
  createTime: string;
}

export interface UsedSignsTable {
  id: Generated<number>;
  appId: string;
  sign: string;
  createTime: string;
}

export interface FilesTable {
  id: string;
  memberId: number;
  fileName: string;
  mime: string;
  size: number;
  dataBase64: string;
  createTime: string;
}

export interface WalletsTable {
  id: Generated<number>;
  memberId: number;
  balance: Generated<string>;
  frozen: Generated<string>;
  creditLimit: Generated<string>;
  creditUsed: Generated<string>;
  points: Generated<number>;
  updateTime: string;
}

export interface Database {
  members: MembersTable;
  companies: CompaniesTable;
  departments: DepartmentsTable;
  trip_levels: TripLevelsTable;
  employees: EmployeesTable;
  partners: PartnersTable;
  sessions: SessionsTable;
  exception_events: ExceptionEventsTable;
  exception_event_totals: ExceptionEventTotalsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  used_signs: UsedSignsTable;
  files: FilesTable;
  wallets: WalletsTable;
  travel_standards: TravelStandardsTable;
  company_travel_settings: CompanyTravelSettingsTable;
  car_standards: CarStandardsTable;
  car_standard_levels: CarStandardLevelsTable;
  approval_flows: ApprovalFlowsTable;
  replace_bookers: ReplaceBookersTable;
  trip_applications: TripApplicationsTable;
  trip_application_travellers: TripApplicationTravellersTable;
  approvals: ApprovalsTable;
  approval_assignees: ApprovalAssigneesTable;
  approval_steps: ApprovalStepsTable;
  jobs: JobsTable;
  inventory_marks: InventoryMarksTable;
  air_flights: AirFlightsTable;
  train_stops: TrainStopsTable;
  train_seats: TrainSeatsTable;
  hotels: HotelsTable;
  hotel_room_types: HotelRoomTypesTable;
  hotel_nights: HotelNightsTable;
  inventory_holds: InventoryHoldsTable;
  captchas: CaptchasTable;
  throttles: ThrottlesTable;
  orders: OrdersTable;
  order_passengers: OrderPassengersTable;
  order_events: OrderEventsTable;
  payments: PaymentsTable;
  ledger: LedgerTable;
  travellers: TravellersTable;
  traveller_certificates: TravellerCertificatesTable;
  addresses: AddressesTable;
  invoice_titles: InvoiceTitlesTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

// ---- travel policy (standards, car standards, flows, preferences, replace-booking) ----

export interface TravelStandardsTable {
  id: Generated<number>;
  companyId: number;
  tripLevelId: number;
  rules: string; // JSON TravelStandard (src/domain/policy/standard.ts), amounts in fen
  createTime: string;
  updateTime: string;
}

export interface CompanyTravelSettingsTable {
  companyId: number;
  preferences: string | null; // JSON Preferences; null: the defaults
  cityTiers: string | null; // JSON CityTiers; null: the defaults
  updateTime: string;
}

export interface CarStandardsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  rules: string; // JSON: carTypes, allCities, cities, timeWindows, perRideCapFen, monthlyCapFen
  createTime: string;
  updateTime: string;
}

export interface CarStandardLevelsTable {
  carStandardId: number;
  tripLevelId: number;
}

export interface ApprovalFlowsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  covers: string; // trip | order | both
  allEmployees: number;
  departmentIds: string; // JSON number[]
  employeeIds: string; // JSON number[]
  levels: string; // JSON FlowLevel[]
  onTimeout: string; // next | admin
  enabled: number;
  createTime: string;
  updateTime: string;
}

export interface ReplaceBookersTable {
  id: Generated<number>;
  companyId: number;
  bookerEmployeeId: number;
  scope: string; // all | departments | employees
  departmentIds: string; // JSON number[]
  employeeIds: string; // JSON number[]
  createTime: string;
  updateTime: string;
}

// ---- trip applications and the approval engine ----

export interface TripApplicationsTable {
  id: Generated<number>;
  companyId: number;
  noteNo: string;
  applicantMemberId: number;
  applicantEmployeeId: number | null;
  purpose: string;
  scope: string; // domestic | intl
  startDate: string; // YYYY-MM-DD
  endDate: string;
  fromCity: string;
  toCities: string; // JSON string[]
  travellers: string; // JSON { employees: {employeeId, name}[], externals: {name, mobilePhone}[] }
  modes: string; // JSON TravelMode[]
  budgetFen: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface TripApplicationTravellersTable {
  tripApplicationId: number;
  employeeId: number;
}

export interface ApprovalsTable {
  id: Generated<number>;
  companyId: number;
  subjectType: string; // trip | order
  subjectId: number;
  applicantMemberId: number;
  applicantName: string;
  title: string;
  amountFen: number | null;
  withinStandard: number;
  flowId: number | null;
  flowName: string | null;
  onTimeout: string; // next | admin
  levels: string; // JSON { timeoutHours }[] as submitted
  status: string; // ApprovalStatus
  level: number;
  levelCount: number;
  levelDeadline: string | null;
  fareDeadline: string | null;
  submitTime: string | null;
  finishTime: string | null;
  createTime: string;
  updateTime: string;
}

export interface ApprovalAssigneesTable {
  id: Generated<number>;
  approvalId: number;
  level: number;
  memberId: number;
  via: string; // employee | departmentHead | admin | escalation
}

export interface ApprovalStepsTable {
  id: Generated<number>;
  approvalId: number;
  level: number;
  action: string; // ApprovalAction
  actorMemberId: number | null; // null: the system
  actorName: string;
  comment: string | null;
  fromStatus: string;
  toStatus: string;
  createTime: string;
}

// ---- durable jobs ----

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  runAt: string;
  payload: string; // JSON
  attempts: Generated<number>;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  doneAt: string | null;
  failedAt: string | null;
  createTime: string;
}
// ---- travel inventory (migration 020): money in integer fen ----

export interface InventoryMarksTable {
  product: string;
  scope: string;
  day: string;
  createTime: string;
}

export interface AirFlightsTable {
  flightKey: string; // "2026-11-24:CA1501"
  flightDate: string;
  flightNo: string;
  airline: string;
  depAirport: string;
  arrAirport: string;
  depCity: string;
  arrCity: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  depUtc: string;
  arrUtc: string;
  durationMin: number;
  distanceKm: number;
  aircraft: string;
  stopAirport: string | null;
  stopMinutes: number;
  international: number;
  meal: number;
  depTerminal: string;
  arrTerminal: string;
  // Per cabin: published full fare (fen), seats, seats remaining; total 0 when the aircraft lacks it.
  fPar: number;
  fTotal: number;
  fRemaining: number;
  cPar: number;
  cTotal: number;
  cRemaining: number;
  yPar: number;
  yTotal: number;
  yRemaining: number;
}

export interface TrainStopsTable {
  trainNo: string;
  seq: number;
  station: string;
  trainType: string;
  arrMin: number | null;
  depMin: number | null;
  distanceKm: number;
}

export interface TrainSeatsTable {
  runDate: string;
  trainNo: string;
  seatClass: string;
  total: number;
  remaining: number;
}

export interface HotelsTable {
  id: number;
  cityCode: string;
  name: string;
  brand: string;
  star: number;
  district: string;
  landmark: string;
  address: string;
  phone: string;
  lat: number;
  lng: number;
  score: number;
  openYear: number;
  renovationYear: number;
  facilities: string;
  description: string;
}

export interface HotelRoomTypesTable {
  id: number;
  hotelId: number;
  name: string;
  bedType: string;
  areaSqm: number;
  maxGuests: number;
  breakfast: number;
  cancelPolicy: string;
  baseRate: number;
  rooms: number;
}

export interface HotelNightsTable {
  roomTypeId: number;
  night: string;
  total: number;
  remaining: number;
}

export interface InventoryHoldsTable {
  id: string;
  product: string;
  status: string; // held, confirmed, released, refunded
  quantity: number;
  lines: string;
  detail: string;
  amount: number;
  reference: string | null;
  expiresAt: string;
  createTime: string;
  updateTime: string;
}

/** Server-issued picture captchas: one use, until expiresAt. */
export interface CaptchasTable {
  id: string;
  text: string;
  createTime: string;
  expiresAt: string;
}

/** Attempt counters and quotas (server/services/accounts/throttle.ts); key is a SHA-256 hex. */
export interface ThrottlesTable {
  key: string;
  tries: number;
  lockedUntil: string | null;
  updateTime: string;
}

// ---- orders (migration 050): money in integer fen ----

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  product: string;
  memberId: number;
  companyId: number | null;
  bookerMemberId: number;
  travellerMemberId: number | null;
  status: number;
  ticketFen: number;
  constructionFeeFen: number;
  fuelSurchargeFen: number;
  serviceFeeFen: number;
  insuranceFen: number;
  totalFen: number;
  fareKey: string;
  holdId: string | null;
  depDate: string;
  title: string;
  snapshot: string; // JSON
  contactName: string;
  contactMobile: string;
  clientKey: string;
  expiresAt: string | null;
  createTime: string;
  updateTime: string;
}

export interface OrderPassengersTable {
  id: Generated<number>;
  orderId: number;
  name: string;
  psgType: string;
  certType: number;
  certNo: string;
  birthday: string | null;
  mobile: string | null;
  tktPriceFen: number;
  consTaxFen: number;
  fuelTaxFen: number;
  servFeeFen: number;
  insuType: string | null;
  insuPayPriceFen: number;
  insuStatus: Generated<number>;
  ticketNo: string | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorMemberId: number | null;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface PaymentsTable {
  id: Generated<number>;
  outTradeNo: string;
  orderId: number;
  orderNo: string;
  memberId: number;
  businessType: number;
  method: string;
  amountFen: number;
  status: string;
  gatewayTradeNo: string | null;
  paidTime: string | null;
  createTime: string;
  updateTime: string;
}

export interface LedgerTable {
  id: Generated<number>;
  memberId: number;
  account: string;
  entry: string;
  direction: string;
  amountFen: number;
  balanceAfterFen: number | null;
  businessType: number;
  outTradeNo: string;
  orderNo: string | null;
  note: string;
  createTime: string;
}

// ---- travellers (frequent and external) and their certificates ----

export type TravellerOwnerKind = "member" | "company";

export interface TravellersTable {
  id: Generated<number>;
  ownerKind: TravellerOwnerKind;
  ownerId: number; // members.id or companies.id
  name: string | null;
  surname: string | null;
  givenName: string | null;
  mobilePhone: string | null;
  birthday: string | null; // YYYY-MM-DD
  sex: number | null; // 1 male, 2 female
  isDefault: Generated<number>;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface TravellerCertificatesTable {
  id: Generated<number>;
  travellerId: number;
  ownerKind: TravellerOwnerKind;
  ownerId: number;
  certType: number;
  certNo: string;
  expiry: string | null;
  issueCountry: string | null;
  sort: Generated<number>;
}

// ---- a member's mailing addresses and invoice titles ----

export interface AddressesTable {
  id: Generated<number>;
  memberId: number;
  receiver: string;
  mobilePhone: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  postcode: string | null;
  isDefault: Generated<number>;
  createTime: string;
  updateTime: string;
}

export interface InvoiceTitlesTable {
  id: Generated<number>;
  memberId: number;
  titleType: number; // 1 personal, 2 company
  title: string;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  isDefault: Generated<number>;
  createTime: string;
  updateTime: string;
}
