// Rules stored as JSON text are written only after their zod schema passed; a row that does not
// parse is a data fault and surfaces as one, never as an empty rule that silently allows all.
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`stored JSON does not parse: ${text.slice(0, 80)}`);
  }
}
