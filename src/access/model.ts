// The Casbin model: plain RBAC over (subject, object, action).
// - subject: a member-type key ('10' … '7_0') or 'guest'; the roles 'member' (every signed-in
//   type) and 'anyone' (members and guests) let one policy line cover a whole audience.
// - object: 'menu:<id>' | 'route:<RouteName>' | 'button:<KEY>' | 'api:<resource>'.
// - action: 'view' for menus, routes and buttons; API lines use '*' (any action).
// Attribute conditions (trip flags, canAudit, pnrImport, partner ids) are NOT in Casbin: they
// depend on the user's record, so rules.ts applies them on top of this type-level decision.

export const MODEL_TEXT = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && (p.act == "*" || r.act == p.act)
`;

export const GUEST = "guest";
/** Role held by every member-type key. */
export const MEMBER_ROLE = "member";
/** Role held by members and guests alike. */
export const ANYONE_ROLE = "anyone";

export const VIEW = "view";
export const ANY_ACTION = "*";

export const menuObject = (id: number): string => `menu:${id}`;
export const routeObject = (routeName: string): string => `route:${routeName}`;
export const buttonObject = (key: string): string => `button:${key}`;
export const apiObject = (resource: string): string => `api:${resource}`;
