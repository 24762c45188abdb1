/**
 * Rows read by id, put in the order of their ids. A page whose ids come from a kept order is
 * read without an ORDER BY: SQLite sorted the rows in a temporary b-tree, which cost about as
 * much as reading them. Ids without a row (deleted meanwhile) are skipped.
 */
export function inIdOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const row of rows) byId.set(row.id, row);
  const ordered: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) ordered.push(row);
  }
  return ordered;
}
