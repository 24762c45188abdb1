// The operator console's part of the Casbin policy. Operators are subjects of their own domain
// ('ops:<role>'), which no member-type key and neither 'member' nor 'anyone' ever reaches, so a
// member can hold no operator object and an operator no member object. 运营管理员 (admin) holds
// every other role through role links, so a resource granted to finance is granted to admin too.
import { OPS_PATHS, OPS_ROLES, type OpsRole } from "../domain/ops/paths";
import { OPS_SETTLEMENT_PATHS, OPS_WITHDRAWAL_PATHS } from "../domain/ops/finance-paths";
import { ANY_ACTION, VIEW } from "./model";
import { AFTER_SALES_PATHS } from "../domain/ops/after-sales-paths";

export { OPS_ROLES, type OpsRole };

export const opsSubject = (role: string): string => `ops:${role}`;
export const opsApiObject = (resource: string): string => `ops-api:${resource}`;
export const opsMenuObject = (key: string): string => `ops-menu:${key}`;

/** Every operator resource and the roles granted it (admin inherits the others). */
export const OPS_RESOURCES: Readonly<Record<string, readonly OpsRole[]>> = {
  /** The signed-in operator's own record and sign-out. */
  self: ["ticketing", "finance"],
  staff: ["admin"],
  audit: ["admin"],
  /** The settlement calls the travel agency makes (generate, send, answer, settle, credit). */
  settlement: ["finance"],
  /** Reviewing, paying out and rejecting members' withdrawals (the timed review's moves by hand). */
  withdrawals: ["finance"],
  /** Recording an airline's or the railway's schedule change or cancellation (航变). */
  disruptions: ["ticketing"],
  /** The ticketing queue (出票队列): paid orders waiting for tickets, taken, ticketed or failed by hand. */
  ticketing: ["ticketing"],
  /** The after-sales queue: refund and change requests taken, accepted, adjusted or rejected. */
  afterSales: ["ticketing"],
  /**
   * Companies: reading them and their money terms (credit limit, settlement day, service fees),
   * which are finance's work. Enabling or disabling a company decides whether its people can
   * sign in at all, so that is the administrator's alone (company-control).
   */
  companies: ["finance"],
  "company-control": ["admin"],
  /**
   * Members' accounts: search, disable, unlock. These decide who may sign in, an access matter
   * for the administrator, not a finance or ticketing task.
   */
  members: ["admin"],
  /**
   * Partner sites and brands: which products, buttons and menus whole sites offer. A change reaches
   * every visitor at once, so it is the administrator's alone.
   */
  "site-config": ["admin"],
};

export interface OpsMenuItem {
  key: string;
  /** The console's route path. */
  path: string;
  /** The ops locale group's key of its label. */
  label: string;
  /** An operator route answering `{ count }`: the console shows it as a badge beside the item. */
  countUrl?: string;
}

/** The console's side menu: only what exists. */
export const OPS_MENU: readonly OpsMenuItem[] = [
  { key: "ticketing", path: "/ops/ticketing", label: "ops.menu.ticketing", countUrl: OPS_PATHS.ticketingCount },
  { key: "after-sales", path: "/ops/after-sales", label: "ops.menu.afterSales", countUrl: AFTER_SALES_PATHS.count },
  { key: "disruptions", path: "/ops/disruptions", label: "ops.menu.disruptions" },
  { key: "withdrawals", path: "/ops/withdrawals", label: "ops.menu.withdrawals", countUrl: OPS_WITHDRAWAL_PATHS.count },
  { key: "settlement", path: "/ops/settlement", label: "ops.menu.settlement", countUrl: OPS_SETTLEMENT_PATHS.count },
  { key: "companies", path: "/ops/companies", label: "ops.menu.companies" },
  { key: "members", path: "/ops/members", label: "ops.menu.members" },
  { key: "site-config", path: "/ops/site-config", label: "ops.menu.siteConfig" },
  { key: "staff", path: "/ops/staff", label: "ops.menu.staff" },
  { key: "audit", path: "/ops/audit", label: "ops.menu.audit" },
];

/** The menu item each resource's page belongs to (a menu item is seen by whoever holds it). */
const MENU_RESOURCE: Readonly<Record<string, string>> = {
  staff: "staff", audit: "audit", ticketing: "ticketing", "after-sales": "afterSales", withdrawals: "withdrawals", settlement: "settlement",
  disruptions: "disruptions", companies: "companies", members: "members", "site-config": "site-config",
};

export function opsPolicyLines(): string[] {
  const lines: string[] = [];
  for (const [resource, roles] of Object.entries(OPS_RESOURCES)) {
    for (const role of roles) lines.push(`p, ${opsSubject(role)}, ${opsApiObject(resource)}, ${ANY_ACTION}`);
  }
  for (const item of OPS_MENU) {
    for (const role of OPS_RESOURCES[MENU_RESOURCE[item.key]] ?? []) lines.push(`p, ${opsSubject(role)}, ${opsMenuObject(item.key)}, ${VIEW}`);
  }
  for (const role of OPS_ROLES) if (role !== "admin") lines.push(`g, ${opsSubject("admin")}, ${opsSubject(role)}`);
  return lines;
}

export function isOpsRole(role: unknown): role is OpsRole {
  return typeof role === "string" && (OPS_ROLES as readonly string[]).includes(role);
}
