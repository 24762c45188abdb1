// A unique index that refuses a write is how two concurrent writes of the same thing are settled;
// the loser hears a business message, not a server error.

/** SQLite (better-sqlite3) and PostgreSQL (pg, 23505) spell a unique violation differently. */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** Runs a write; a unique violation becomes the given error. */
export async function uniquely<T>(write: () => Promise<T>, onClash: () => Error): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw onClash();
    throw e;
  }
}
