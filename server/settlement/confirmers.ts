// The members a company's settlement settings name to confirm its statements, as stored (a JSON
// list of ids). On its own so the notices read it without the settlement jobs.

export function confirmerIdsOf(text: string | undefined | null): number[] {
  try {
    const ids = JSON.parse(text ?? "[]");
    return Array.isArray(ids) ? ids.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
}
