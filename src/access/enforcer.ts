// The Access facade used by the Refine access-control provider and the Fastify server alike, over
// one type-level check: a Casbin enforcer built from MODEL_TEXT and the policy text (policy.ts),
// the same on both sides. The attribute rules (rules.ts) and partner restrictions narrow that
// per user.
import "./buffer-global";
import { newEnforcer, newModelFromString, StringAdapter } from "casbin";
import { MODEL_TEXT, VIEW, apiObject, buttonObject, routeObject } from "./model";
import { API_RESOURCES, API_RESOURCE_ITEMS, currentPolicy } from "./policy";
import { buttonHash, buttonListed } from "./buttons";
import {
  partnerAllows, passesItemRules, subjectKey, type AccessSubject, type ButtonPermission,
} from "./rules";
import { OPS_MENU, OPS_RESOURCES, isOpsRole, opsApiObject, opsMenuObject, opsPolicyLines, opsSubject, type OpsMenuItem } from "./ops";
import { entriesForRoute, entryById, entryByButtonKey, type Lang } from "./tree";
import { breadcrumbOf, buildMenuTree, itemVisible, treeButtons, type ButtonNode, type Check, type MenuNode } from "./visibility";

export type { AccessSubject } from "./rules";

export interface Access {
  /**
   * The single decision point: 'menu:<id>' | 'route:<Name>' | 'button:<KEY>' | 'api:<resource>'
   * go through the matching method below (rules applied); anything else is Casbin alone.
   */
  can(subject: AccessSubject | null, object: string, action?: string): boolean;
  visibleMenuTree(subject: AccessSubject | null, lang?: Lang): MenuNode[];
  /** Header buttons (workbenches, account centre) the user may see. */
  visibleButtons(subject: AccessSubject | null, lang?: Lang): ButtonNode[];
  breadcrumbFor(
    routeName: string, lang?: Lang, opts?: { subject?: AccessSubject | null; query?: Record<string, string> },
  ): string[];
  /** Routes the tree does not govern are allowed: requiring a login is the router's job. */
  canRoute(subject: AccessSubject | null, routeName: string): boolean;
  /** Unknown resources are denied: the server must declare every resource in API_RESOURCES. */
  canApi(subject: AccessSubject | null, resource: string, action?: string): boolean;
  /** key is the plain permissionId (e.g. COMPANY_CENTRAL_INDEX); unknown keys are denied. */
  canButton(subject: AccessSubject | null, key: string): boolean;
  /** Removes elements whose button key is not permitted; elements without a key are kept. */
  filterPermitted<T>(subject: AccessSubject | null, items: readonly T[], keyOf: (item: T) => string | undefined): T[];
  /** The button list the server stores for the user at login ({ id, key: MD5 upper-case }). */
  buttonListFor(subject: AccessSubject | null): ButtonPermission[];
  /** Whether an operator of this role may use an operator resource; unknown roles and resources are denied. */
  canOps(role: string | null, resource: string, action?: string): boolean;
  /** The console's menu items an operator of this role sees. */
  opsMenu(role: string | null): OpsMenuItem[];
}

/** Builds the facade over any type-level check (the tests and the server may pass their own). */
export function createAccess(check: Check): Access {
  const canRoute = (subject: AccessSubject | null, routeName: string): boolean => {
    const entries = entriesForRoute(routeName);
    if (entries.length === 0) return true;
    return check(subjectKey(subject), routeObject(routeName), VIEW) && entries.some((e) => itemVisible(check, subject, e));
  };

  const canApi = (subject: AccessSubject | null, resource: string, action: string = "read"): boolean => {
    if (!(resource in API_RESOURCES)) return false;
    if (!check(subjectKey(subject), apiObject(resource), action)) return false;
    const items = API_RESOURCE_ITEMS[resource];
    return !items || items.some((id) => partnerAllows(id, subject) && passesItemRules(id, subject));
  };

  const canButton = (subject: AccessSubject | null, key: string): boolean => {
    const entry = entryByButtonKey(key);
    if (!entry) return false;
    return check(subjectKey(subject), buttonObject(key), VIEW) && itemVisible(check, subject, entry) && buttonListed(subject, key);
  };

  const canMenu = (subject: AccessSubject | null, id: number): boolean => {
    const entry = entryById(id);
    return !!entry && itemVisible(check, subject, entry);
  };

  const canOps = (role: string | null, resource: string, action: string = "read"): boolean =>
    isOpsRole(role) && Object.hasOwn(OPS_RESOURCES, resource) && check(opsSubject(role), opsApiObject(resource), action);

  return {
    canOps,
    opsMenu: (role) => (isOpsRole(role) ? OPS_MENU.filter((item) => check(opsSubject(role), opsMenuObject(item.key), VIEW)) : []),
    can(subject, object, action = VIEW) {
      const sep = object.indexOf(":");
      const kind = sep > 0 ? object.slice(0, sep) : "";
      const rest = object.slice(sep + 1);
      switch (kind) {
        case "menu":
          return canMenu(subject, Number(rest));
        case "route":
          return canRoute(subject, rest);
        case "button":
          return canButton(subject, rest);
        case "api":
          return canApi(subject, rest, action);
        default:
          return check(subjectKey(subject), object, action);
      }
    },
    visibleMenuTree: (subject, lang = "zh") => buildMenuTree(check, subject, lang),
    visibleButtons: (subject, lang = "zh") => treeButtons(check, subject, lang).filter((b) => buttonListed(subject, b.key)),
    breadcrumbFor: (routeName, lang = "zh", opts = {}) => breadcrumbOf(check, routeName, lang, opts),
    canRoute,
    canApi,
    canButton,
    filterPermitted(subject, items, keyOf) {
      return items.filter((item) => {
        const key = keyOf(item);
        return key === undefined || canButton(subject, key);
      });
    },
    buttonListFor: (subject) => treeButtons(check, subject).map((b) => ({ id: b.id, key: buttonHash(b.key) })),
  };
}

/**
 * Memoises a check: the policy is static for the process lifetime, and a menu render makes
 * hundreds of checks. Bounded, since can() accepts arbitrary objects.
 */
export function memoCheck(check: Check): Check {
  const memo = new Map<string, boolean>();
  return (sub, obj, act) => {
    const k = `${sub}\u0000${obj}\u0000${act}`;
    let v = memo.get(k);
    if (v === undefined) {
      v = check(sub, obj, act);
      if (memo.size >= 5000) memo.clear();
      memo.set(k, v);
    }
    return v;
  };
}

/**
 * A Casbin enforcer over the model and the given policy text, as an Access. Only
 * access-loader.ts imports this module, on demand: Casbin never weighs on a page's first
 * download, nor on a server's start.
 */
export async function buildCasbinAccess(policy: string = currentPolicy()): Promise<Access> {
  // The operator console's lines join here rather than in policy.ts, so the portal's first
  // download (which reads policy.ts) carries none of them; both enforcers are built here.
  const enforcer = await newEnforcer(newModelFromString(MODEL_TEXT), new StringAdapter(policy + opsPolicyLines().join("\n") + "\n"));
  return createAccess(memoCheck((sub, obj, act) => enforcer.enforceSync(sub, obj, act)));
}
