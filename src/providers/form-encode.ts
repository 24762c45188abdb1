// Nested values travel as dot keys (`passenger.certNo`, `list.0.name`).

export type Flat = Record<string, string>;

export function flattenDotKeys(value: unknown, prefix = "", out: Flat = {}): Flat {
  if (value === undefined) return out;
  if (value === null) {
    if (prefix) out[prefix] = "";
    return out;
  }
  if (value instanceof Date) {
    out[prefix] = value.toISOString();
    return out;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => flattenDotKeys(v, prefix ? `${prefix}.${i}` : String(i), out));
    return out;
  }
  if (typeof value === "object") {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flattenDotKeys(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  }
  out[prefix] = String(value);
  return out;
}

export function toFormBody(value: Record<string, unknown>): string {
  return new URLSearchParams(flattenDotKeys(value)).toString();
}
