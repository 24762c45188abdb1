// The Casbin policy, generated from the permission tree so menus, routes, buttons and the
// server's API checks cannot drift apart. Nothing here is hand-maintained per type key except
// the API resources that no menu item owns (login, search, the user's own record …).
import { MEMBER_TYPE_KEYS, type MemberTypeKey } from "../domain/member";
import {
  ANY_ACTION, ANYONE_ROLE, GUEST, MEMBER_ROLE, VIEW, apiObject, buttonObject, menuObject, routeObject,
} from "./model";
import { PERMISSION_TREE, ROUTE_ALIASES, entryById, type PermissionEntry } from "./tree";

/** Who may call a server resource: explicit type keys, every member, or anyone incl. guests. */
export type ApiAudience = MemberTypeKey[] | "guest" | "member";

/**
 * API resources owned by tree items: their audience is the union of the items' type keys, and
 * enforcement also applies those items' attribute rules and partner restrictions (rules.ts),
 * so e.g. a sub-member without canAudit is refused by the approvals API as well as the menu.
 */
export const API_RESOURCE_ITEMS: Readonly<Record<string, readonly number[]>> = {
  staff: [5],
  "staff:import": [39],
  "external-passengers": [31],
  "external-passengers:import": [40],
  "passengers:import": [38],
  recommendations: [7],
  subordinates: [8],
  subsidiaries: [9],
  "approval-flows": [17],
  preferences: [18],
  "travel-standards": [19],
  // Car-use standards are part of the travel standards item.
  "car-standards": [19],
  "replace-bookers": [20],
  "notice-settings": [52],
  // The operator console's audit rows about the company's own objects: its administrator.
  "company-audit": [54],
  "notice-robots": [53],
  "company-disruptions": [55],
  "travel-applications": [23, 24],
  approvals: [26, 27],
  "quick-orders": [28],
  // 政府采购 (公务机票) fares: searched and booked by whoever sees their order tab.
  "bookings:gp": [13],
  "pnr-import": [32],
  "bills:transaction": [34, 47],
  "bills:recommendation": [35],
  // The rewards account (summary, detail, transfer to the wallet): whoever may earn recommendation income.
  rewards: [35],
  "bills:share": [36],
  "bills:enterprise": [46],
  "reports:air-sale": [37],
  "reports:air-refund": [41],
  "reports:air-change": [42],
  "reports:air": [43],
  "reports:hotel": [44],
  "reports:train": [45],
  settlement: [48],
  // The company's spend reports (ReportDetailed) and the workbench's spend figures read from them.
  "reports:company": [49],
  // Every reimbursement document of the company: its list, month zip and files.
  "einvoices:company": [50],
};

/**
 * Resources no menu item owns. Booking flows (orders, passengers picker, payments) serve every
 * member type, so they are not tied to the Orders or Frequent-travellers items, whose partner
 * restrictions would otherwise break booking inside an embedding app.
 */
const API_UNOWNED: Readonly<Record<string, ApiAudience>> = {
  auth: "guest",
  "exception-events": "guest",
  catalogue: "guest",
  "member:self": "member",
  orders: "member",
  bookings: "member",
  payments: "member",
  wallet: "member",
  passengers: "member",
  invoices: "member",
  addresses: "member",
  "my-standard": ["7_0"],
  // Who a company member may book for on business: an employee, the colleagues their
  // replace-booking rule names; the administrator, every employee.
  "booking-travellers": ["70", "7_0"],
  "company-statistics": ["70"],
  // Statements: the administrator, and the employees the settlement settings name to confirm
  // (the server shows an employee only the statements it may confirm).
  "settlement:statements": ["70", "7_0"],
};

function unionTypes(ids: readonly number[]): MemberTypeKey[] {
  const set = new Set<MemberTypeKey>();
  for (const id of ids) for (const k of entryById(id)?.permission ?? []) set.add(k);
  return MEMBER_TYPE_KEYS.filter((k) => set.has(k));
}

/** Every API resource and its audience (one definition for the server and the browser). */
export const API_RESOURCES: Readonly<Record<string, ApiAudience>> = {
  ...API_UNOWNED,
  ...Object.fromEntries(Object.entries(API_RESOURCE_ITEMS).map(([res, ids]) => [res, unionTypes(ids)])),
};

function entryLines(e: PermissionEntry): string[] {
  const lines: string[] = [];
  const routes = e.permissionUrl
    ? [e.permissionUrl, ...Object.keys(ROUTE_ALIASES).filter((a) => ROUTE_ALIASES[a] === e.permissionUrl)]
    : [];
  for (const type of e.permission) {
    lines.push(`p, ${type}, ${menuObject(e.id)}, ${VIEW}`);
    for (const r of routes) lines.push(`p, ${type}, ${routeObject(r)}, ${VIEW}`);
    if (e.permissionId) lines.push(`p, ${type}, ${buttonObject(e.permissionId)}, ${VIEW}`);
  }
  return lines;
}

function apiLines(resource: string, audience: ApiAudience): string[] {
  if (audience === "guest") return [`p, ${ANYONE_ROLE}, ${apiObject(resource)}, ${ANY_ACTION}`];
  if (audience === "member") return [`p, ${MEMBER_ROLE}, ${apiObject(resource)}, ${ANY_ACTION}`];
  return audience.map((t) => `p, ${t}, ${apiObject(resource)}, ${ANY_ACTION}`);
}

/** The policy as Casbin CSV text (one rule a line), deduplicated, stable order. */
export function generatePolicy(
  tree: readonly PermissionEntry[] = PERMISSION_TREE,
  api: Readonly<Record<string, ApiAudience>> = API_RESOURCES,
): string {
  const lines = new Set<string>();
  for (const e of tree) for (const l of entryLines(e)) lines.add(l);
  for (const [res, audience] of Object.entries(api)) for (const l of apiLines(res, audience)) lines.add(l);
  for (const t of MEMBER_TYPE_KEYS) lines.add(`g, ${t}, ${MEMBER_ROLE}`);
  lines.add(`g, ${MEMBER_ROLE}, ${ANYONE_ROLE}`);
  lines.add(`g, ${GUEST}, ${ANYONE_ROLE}`);
  return [...lines].join("\n") + "\n";
}

let replaced: string | undefined;
let generated: string | undefined;
let revision = 0;

/** The policy both enforcers are built from: the generated one unless replaced. */
export function currentPolicy(): string {
  return replaced ?? (generated ??= generatePolicy());
}

/**
 * Replaces the policy text (undefined: back to the generated one). Enforcers built before are
 * rebuilt on their next use, in the browser and on the server alike, so a changed line changes
 * both sides' answers together.
 */
export function replacePolicy(text: string | undefined): void {
  replaced = text;
  revision++;
}

/** Counts replacements, so a cached enforcer knows it is out of date. */
export function policyRevision(): number {
  return revision;
}
