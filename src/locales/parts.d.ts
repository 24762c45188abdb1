// A locale file split by scripts/locale-parts.ts: "?first-paint" holds FIRST_PAINT_GROUPS, "?rest"
// every other group.
declare module "*.json?first-paint" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?rest" {
  const texts: Record<string, unknown>;
  export default texts;
}
