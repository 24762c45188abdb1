// Form bodies carry nested values as dot keys (`passenger.certNo=…`, `list.0.name=…`);
// this turns them back into objects and arrays before validation.
import { DomainError } from "../domain-error";
import { said } from "../i18n/text";

const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);
const MAX_DEPTH = 8;
const MAX_INDEX = 999;

type Tree = Record<string, unknown> | unknown[];

export function expandDotKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    if (parts.length > MAX_DEPTH || parts.some((p) => p === "" || FORBIDDEN.has(p))) {
      throw new DomainError("badInput", said("http.invalidParameterName", { key: key.slice(0, 60) }));
    }
    let node: Tree = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) ? toIndex(part, key) : part;
      const current = (node as Record<string | number, unknown>)[slot];
      if (last) {
        if (current !== undefined) throw new DomainError("badInput", said("http.repeatedParameter", { key: key.slice(0, 60) }));
        (node as Record<string | number, unknown>)[slot] = value;
        break;
      }
      const wantArray = /^\d+$/.test(parts[i + 1]);
      if (current === undefined) {
        const child: Tree = wantArray ? [] : Object.create(null);
        (node as Record<string | number, unknown>)[slot] = child;
        node = child;
      } else if (typeof current === "object" && current !== null && Array.isArray(current) === wantArray) {
        node = current as Tree;
      } else {
        throw new DomainError("badInput", said("http.conflictingParameterStructure", { key: key.slice(0, 60) }));
      }
    }
  }
  return normalise(root) as Record<string, unknown>;
}

function toIndex(part: string, key: string): number {
  const n = Number(part);
  if (!/^\d+$/.test(part) || n > MAX_INDEX) throw new DomainError("badInput", said("http.invalidParameterIndex", { key: key.slice(0, 60) }));
  return n;
}

// Plain prototypes again, and sparse arrays (list.0, list.2) closed up.
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(normalise);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalise(v);
    return out;
  }
  return value;
}

export function hasDotKeys(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).some((k) => k.includes("."));
}
