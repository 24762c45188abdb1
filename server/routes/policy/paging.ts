// Small helpers the travel lists share.

/** A LIKE pattern for a typed keyword; wildcards the user typed are dropped (1_3 must not match 1x3). */
export function likePattern(keyword: string | undefined): string | null {
  const k = keyword?.replace(/[%_\\]/g, "");
  return k ? `%${k}%` : null;
}
