// Row types of the database, shared by both dialects. Generated<> marks columns with a database
// default. Datetimes are ISO-8601 UTC text so they sort and compare alike in SQLite and PostgreSQL.

import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ApprovalAssigneesTable, ApprovalFlowsTable, ApprovalInboxTable, ApprovalStepsTable, ApprovalsTable, CarStandardLevelsTable, CarStandardsTable, CompanyTravelSettingsTable, ReplaceBookersTable, TravelStandardsTable, TripApplicationTravellersTable, TripApplicationsTable } from "./tables/policy";
import type { JobsTable } from "./tables/jobs";
import type { ExportTasksTable } from "./tables/exports";
import type { AirClassSeatsTable, AirFlightsTable, HotelNightsTable, HotelRoomTypesTable, HotelsTable, InventoryHoldsTable, InventoryMarksTable, TrainRunChangesTable, TrainSeatsTable, TrainStopsTable } from "./tables/inventory";
import type { BillDaysTable, LedgerTable, OrderEventsTable, OrderListRowsTable, OrderPartiesTable, OrderPartyCountsTable, OrderPassengersTable, OrdersTable, PaymentsTable, SourceRefundsTable } from "./tables/orders";
import type { AddressesTable, InvoiceOrdersTable, InvoicesTable, InvoiceTitlesTable, TravellerCertificatesTable, TravellersTable } from "./tables/people";
import type { HotelOrderGuestsTable, HotelOrderNightsTable, HotelOrdersTable } from "./tables/hotel-orders";
import type { FlightChangesTable, FlightRefundsTable } from "./tables/flight-after-sales";
import type { DisruptionsTable, OrderDisruptionsTable } from "./tables/disruptions";
import type { TrainChangesTable, TrainOrderPassengersTable, TrainOrdersTable } from "./tables/train-orders";
import type { BankCardsTable, WithdrawalsTable } from "./tables/withdrawals";
import type { PayCodesTable, RewardAccountsTable, RewardEntriesTable } from "./tables/rewards";
import type { SettlementEventsTable, SettlementLinesTable, SettlementSettingsTable, SettlementStatementsTable } from "./tables/settlement";
import type { EinvoicesTable } from "./tables/einvoices";
import type { CompanyNoticeSettingsTable, CompanyRobotsTable, MemberDevicesTable, NotificationAttemptsTable, NotificationDeliveriesTable, NotificationInboxTable, NotificationPreferencesTable, NotificationsTable } from "./tables/notifications";
import type { OperatorAuditTable, OperatorSessionsTable, OperatorsTable, OpsSettingsTable, SiteSettingsTable, TicketingClaimsTable } from "./tables/operators";
import type { ReportAdvanceMonthsTable, ReportCompanyDaysTable, ReportCompanyMonthsTable, ReportDaysTable, ReportMonthsTable, ReportReasonDaysTable, ReportReasonMonthsTable, ReportTitleMonthsTable, ReportTravellerDaysTable, ReportTravellerMonthsTable } from "./tables/reports";

// Each capability's tables live in tables/ and are re-exported here: one import for all.
export * from "./tables/policy";
export * from "./tables/jobs";
export * from "./tables/inventory";
export * from "./tables/orders";
export * from "./tables/people";
export * from "./tables/exports";
export * from "./tables/settlement";
export * from "./tables/withdrawals";
export * from "./tables/rewards";
export * from "./tables/notifications";
export * from "./tables/operators";

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
  dometicketServerFeeFen: Generated<number>; // the agreed service fee per domestic ticket
  /** Migration 124: 统一社会信用代码, the buyer's code on business trips' reimbursement documents. */
  creditCode?: string | null;
  /** Migration 132: 1 active, 0 disabled (its members cannot sign in). */
  status: Generated<number>;
  createTime: string;
}

/** Migration 132: the service fee a company agreed for one product, in fen. */
export interface CompanyServiceFeesTable {
  id: Generated<number>;
  companyId: number;
  product: string;
  feeFen: number;
  updateTime: string;
}

/** A company's child company (子公司), kept by the parent company's administrator. */
export interface SubsidiariesTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  /** Unified social credit code, upper case, check character verified. */
  creditCode: string;
  contactName: string;
  contactMobile: string;
  address: string | null;
  status: Generated<number>; // 1 active, 0 disabled
  createTime: string;
  updateTime: string;
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
  // Own copies: an employee without a sign-in still has a name and a mobile (unique per company).
  realName: string | null;
  mobilePhone: string | null;
  email: string | null;
  position: string | null;
  status: Generated<number>; // 1 active (their member may sign in), 0 disabled
  certificates: Generated<string>; // JSON array of { certType, certNo, expiry, issueCountry }
  updateTime: string | null;
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
  /** Its place in the member's list, 1 for the first reported (null for a guest's event). */
  memberSeq: Generated<number | null>;
}

export interface ExceptionEventTotalsTable {
  memberId: number;
  total: number;
}

export const SMS_PURPOSES = ["login", "register", "reset", "verify", "paypwd", "bindBankCard"] as const;
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
  balanceFen: Generated<number>;
  frozenFen: Generated<number>; // part of the balance a withdrawal in progress holds
  creditLimitFen: Generated<number>;
  creditUsedFen: Generated<number>; // below zero when a settled charge was refunded
  points: Generated<number>;
  updateTime: string;
}

export interface Database {
  members: MembersTable;
  companies: CompaniesTable;
  company_service_fees: CompanyServiceFeesTable;
  subsidiaries: SubsidiariesTable;
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
  approval_inbox: ApprovalInboxTable;
  jobs: JobsTable;
  inventory_marks: InventoryMarksTable;
  air_flights: AirFlightsTable;
  air_class_seats: AirClassSeatsTable;
  train_stops: TrainStopsTable;
  train_seats: TrainSeatsTable;
  train_run_changes: TrainRunChangesTable;
  hotels: HotelsTable;
  hotel_room_types: HotelRoomTypesTable;
  hotel_nights: HotelNightsTable;
  inventory_holds: InventoryHoldsTable;
  captchas: CaptchasTable;
  throttles: ThrottlesTable;
  orders: OrdersTable;
  order_passengers: OrderPassengersTable;
  order_events: OrderEventsTable;
  order_parties: OrderPartiesTable;
  order_party_counts: OrderPartyCountsTable;
  order_list_rows: OrderListRowsTable;
  bill_days: BillDaysTable;
  report_days: ReportDaysTable;
  report_months: ReportMonthsTable;
  report_reason_days: ReportReasonDaysTable;
  report_company_days: ReportCompanyDaysTable;
  report_company_months: ReportCompanyMonthsTable;
  report_reason_months: ReportReasonMonthsTable;
  report_advance_months: ReportAdvanceMonthsTable;
  report_title_months: ReportTitleMonthsTable;
  report_traveller_days: ReportTravellerDaysTable;
  report_traveller_months: ReportTravellerMonthsTable;
  hotel_orders: HotelOrdersTable;
  hotel_order_nights: HotelOrderNightsTable;
  hotel_order_guests: HotelOrderGuestsTable;
  flight_refunds: FlightRefundsTable;
  flight_changes: FlightChangesTable;
  disruptions: DisruptionsTable;
  order_disruptions: OrderDisruptionsTable;
  train_orders: TrainOrdersTable;
  train_order_passengers: TrainOrderPassengersTable;
  train_changes: TrainChangesTable;
  payments: PaymentsTable;
  source_refunds: SourceRefundsTable;
  export_tasks: ExportTasksTable;
  ledger: LedgerTable;
  travellers: TravellersTable;
  traveller_certificates: TravellerCertificatesTable;
  addresses: AddressesTable;
  invoice_titles: InvoiceTitlesTable;
  invoices: InvoicesTable;
  invoice_orders: InvoiceOrdersTable;
  settlement_settings: SettlementSettingsTable;
  settlement_statements: SettlementStatementsTable;
  settlement_lines: SettlementLinesTable;
  settlement_events: SettlementEventsTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  reward_accounts: RewardAccountsTable;
  reward_entries: RewardEntriesTable;
  pay_codes: PayCodesTable;
  notifications: NotificationsTable;
  notification_inbox: NotificationInboxTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_attempts: NotificationAttemptsTable;
  einvoices: EinvoicesTable;
  notification_preferences: NotificationPreferencesTable;
  company_notice_settings: CompanyNoticeSettingsTable;
  company_robots: CompanyRobotsTable;
  member_devices: MemberDevicesTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit: OperatorAuditTable;
  ticketing_claims: TicketingClaimsTable;
  ops_settings: OpsSettingsTable;
  site_settings: SiteSettingsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

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
  /** Migration 132: whose sign-in the count guards ('member:<id>'), so an operator can lift it. */
  subject?: string | null;
}
