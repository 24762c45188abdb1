// The operator console's part of the Casbin policy. Operators are subjects of their own domain
// ('ops:<role>'), which no member-type key and neither 'member' nor 'anyone' ever reaches, so a
// member can hold no operator object and an operator no member object. 运营管理员 (admin) holds
// every other role through role links, so a resource granted to finance is granted to admin too.
import { OPS_ROLES, type OpsRole } from "../domain/ops/paths";
import { ANY_ACTION, VIEW } from "./model";

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
  /** Recording an airline's or the railway's schedule change or cancellation (航变). */
  disruptions: ["ticketing"],
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
};

export interface OpsMenuItem {
  key: string;
  /** The console's route path. */
  path: string;
  /** The ops locale group's key of its label. */
  label: string;
}

/** The console's side menu: only what exists (the work queues come later). */
export const OPS_MENU: readonly OpsMenuItem[] = [
  { key: "staff", path: "/ops/staff", label: "ops.menu.staff" },
  { key: "companies", path: "/ops/companies", label: "ops.menu.companies" },
  { key: "members", path: "/ops/members", label: "ops.menu.members" },
  { key: "audit", path: "/ops/audit", label: "ops.menu.audit" },
];

/** The menu item each resource's page belongs to (a menu item is seen by whoever holds it). */
const MENU_RESOURCE: Readonly<Record<string, string>> = { staff: "staff", audit: "audit", companies: "companies", members: "members" };

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
