// Versioned migrations, bundled in code so they run the same under tsx, tests and a build.
import { DEFAULT_MIGRATION_TABLE, Migrator, type Migration, type MigrationProvider, type Kysely } from "kysely";
import * as m001 from "./migrations/001_members";
import * as m002 from "./migrations/002_exception_events";
import * as m003 from "./migrations/003_accounts";
import * as m004 from "./migrations/004_wallets";
import * as m005 from "./migrations/005_event_totals";
import * as m006 from "./migrations/006_captchas";
import * as m007 from "./migrations/007_throttles";
import * as m020 from "./migrations/020_inventory";
import * as m030 from "./migrations/030_travellers";
import * as m031 from "./migrations/031_addresses_invoice_titles";
import * as m032 from "./migrations/032_invoices";
import * as m040 from "./migrations/040_travel_policy";
import * as m041 from "./migrations/041_approvals";
import * as m042 from "./migrations/042_jobs";
import * as m050 from "./migrations/050_orders";
import * as m060 from "./migrations/060_payments";
import * as m070 from "./migrations/070_exports";
import * as m071 from "./migrations/071_settlement";
import * as m073 from "./migrations/073_bill_indexes";
import * as m074 from "./migrations/074_report_indexes";
import * as m075 from "./migrations/075_staff";
import * as m076 from "./migrations/076_member_network";
import * as m077 from "./migrations/077_business_orders";
import * as m078 from "./migrations/078_hotel_orders";
import * as m079 from "./migrations/079_traveller_list_indexes";
import * as m081 from "./migrations/081_flight_after_sales";
import * as m080 from "./migrations/080_train_orders";
import * as m083 from "./migrations/083_withdrawals";
import * as m084 from "./migrations/084_rewards_pay_codes";
import * as m087 from "./migrations/087_self_pay";
import * as m093 from "./migrations/093_source_refunds";
import * as m094 from "./migrations/094_gp_orders";
import * as m095 from "./migrations/095_train_changes";
import * as m096 from "./migrations/096_event_page_index";
import * as m097 from "./migrations/097_event_sequence";
import * as m098 from "./migrations/098_air_class_seats";
import * as m100 from "./migrations/100_flight_segments";
import * as m101 from "./migrations/101_train_seat_choice";
import * as m102 from "./migrations/102_statement_ledger_lines";
import * as m103 from "./migrations/103_report_over_standard";
import * as m105 from "./migrations/105_bill_order_no_indexes";
import * as m107 from "./migrations/107_statement_cutoff";
import * as m085 from "./migrations/085_intl_orders";
import * as m088 from "./migrations/088_train_channels";
import * as m089 from "./migrations/089_list_search";
import * as m091 from "./migrations/091_passenger_tickets";
import * as m092 from "./migrations/092_report_summaries";
import * as m108 from "./migrations/108_order_parties";
import * as m109 from "./migrations/109_bill_summaries";
import * as m110 from "./migrations/110_list_indexes";
import * as m111 from "./migrations/111_statement_same_day";
import * as m112 from "./migrations/112_approval_inbox";
import * as m113 from "./migrations/113_money_in_fen";
import * as m116 from "./migrations/116_order_list_rows";
import * as m120 from "./migrations/120_notifications";
import * as m121 from "./migrations/121_notification_preferences";
import * as m123 from "./migrations/123_einvoices";
import * as m124 from "./migrations/124_company_credit_code";
import * as m126 from "./migrations/126_einvoice_company_month";
import * as m127 from "./migrations/127_operators";
import * as m128 from "./migrations/128_disruptions";
import * as m129 from "./migrations/129_ticketing_claims";
import * as m130 from "./migrations/130_after_sales_queue";
import * as m131 from "./migrations/131_withdrawal_hold";
import * as m132 from "./migrations/132_company_ops";
import * as m133 from "./migrations/133_operator_totp_step";
import * as m136 from "./migrations/136_report_company_summaries";
import * as m137 from "./migrations/137_site_settings";
import * as m139 from "./migrations/139_train_run_changes";

const migrations: Record<string, Migration> = {
  "001_members": m001,
  "002_exception_events": m002,
  "003_accounts": m003,
  "004_wallets": m004,
  "005_event_totals": m005,
  "006_captchas": m006,
  "007_throttles": m007,
  "020_inventory": m020,
  "030_travellers": m030,
  "031_addresses_invoice_titles": m031,
  "032_invoices": m032,
  "040_travel_policy": m040,
  "041_approvals": m041,
  "042_jobs": m042,
  "050_orders": m050,
  "060_payments": m060,
  "070_exports": m070,
  "071_settlement": m071,
  "073_bill_indexes": m073,
  "074_report_indexes": m074,
  "075_staff": m075,
  "076_member_network": m076,
  "077_business_orders": m077,
  "078_hotel_orders": m078,
  "079_traveller_list_indexes": m079,
  "081_flight_after_sales": m081,
  "080_train_orders": m080,
  "083_withdrawals": m083,
  "084_rewards_pay_codes": m084,
  "087_self_pay": m087,
  "085_intl_orders": m085,
  "088_train_channels": m088,
  "089_list_search": m089,
  "091_passenger_tickets": m091,
  "092_report_summaries": m092,
  "093_source_refunds": m093,
  "094_gp_orders": m094,
  "095_train_changes": m095,
  "096_event_page_index": m096,
  "097_event_sequence": m097,
  "098_air_class_seats": m098,
  "100_flight_segments": m100,
  "101_train_seat_choice": m101,
  "102_statement_ledger_lines": m102,
  "103_report_over_standard": m103,
  "105_bill_order_no_indexes": m105,
  "107_statement_cutoff": m107,
  "108_order_parties": m108,
  "109_bill_summaries": m109,
  "110_list_indexes": m110,
  "111_statement_same_day": m111,
  "112_approval_inbox": m112,
  "113_money_in_fen": m113,
  "116_order_list_rows": m116,
  "120_notifications": m120,
  "121_notification_preferences": m121,
  "123_einvoices": m123,
  "124_company_credit_code": m124,
  "126_einvoice_company_month": m126,
  "127_operators": m127,
  "128_disruptions": m128,
  "129_ticketing_claims": m129,
  "130_after_sales_queue": m130,
  "131_withdrawal_hold": m131,
  "132_company_ops": m132,
  "133_operator_totp_step": m133,
  "136_report_company_summaries": m136,
  "137_site_settings": m137,
  "139_train_run_changes": m139,
};

class CodeMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * `schema`: on PostgreSQL, the schema the tables live in. Kysely looks for its own bookkeeping
 * tables across the search path, so without it a second schema in one database would find the
 * first schema's lock table and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  if (await isCurrent(db, schema)) return [];
  // Number ranges belong to capabilities (020 inventory, 030 people, 040 travel policy …), so a
  // database may have run 040 before 030 exists: run the missing ones instead of refusing.
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Whether every migration here has run: one read of Kysely's bookkeeping table, where the
 * migrator would create its tables if missing, take its lock in a transaction and read the same
 * list, on every start of a server whose schema has not changed. A new database (no table yet)
 * or a missing migration goes through the migrator.
 */
async function isCurrent(db: Kysely<any>, schema?: string): Promise<boolean> {
  try {
    return (await pendingMigrations(db, schema)).length === 0;
  } catch {
    return false;
  }
}

/** The migrations this code has that the database has not run (throws when the database does not answer). */
export async function pendingMigrations(db: Kysely<any>, schema?: string): Promise<string[]> {
  let rows: { name: string }[];
  try {
    rows = await (schema ? db.withSchema(schema) : db).selectFrom(DEFAULT_MIGRATION_TABLE).select("name").execute();
  } catch (e) {
    // No bookkeeping table yet: nothing has run. Any other failure is the database's.
    if (/no such table|does not exist/i.test((e as Error).message)) return Object.keys(migrations);
    throw e;
  }
  const done = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}
