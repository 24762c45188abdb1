// The list contract: pageNum (1-based), pageSize, orderBy, orderType; reply
// { list, total, pageNum, pageSize }.
import { said, saidLazy } from "../i18n/text";
import { z } from "zod";
import { zInt } from "../../../src/domain/zod";
import { DomainError } from "../domain-error";
import type { RawJson } from "./raw-json";

export const MAX_PAGE_SIZE = 100;

export function pageInput<const K extends readonly [string, ...string[]]>(orderable: K) {
  return {
    pageNum: zInt({ min: 1, max: 100000, error: saidLazy("http.pageNumberMustIntegerFrom") }).optional().default(1),
    pageSize: zInt({ min: 1, max: MAX_PAGE_SIZE, error: saidLazy("http.pageSizeMustIntegerFrom", { MAX_PAGE_SIZE }) }).optional().default(10),
    orderBy: z.enum(orderable, { error: saidLazy("http.unsupportedSortField") }).optional(),
    orderType: z.enum(["asc", "desc"], { error: saidLazy("http.sortDirectionOnlyAscDesc") }).optional().default("desc"),
  };
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** A page as a reply: its rows may be JSON the database wrote (PreparedQuery.reply). */
export type ReplyPage<T> = Omit<Page<T>, "list"> & { list: T[] | RawJson };

/**
 * The deepest row a page may start at. The database walks past every skipped row, so without a
 * bound one request for page 100000 of 100 made it step over ten million; beyond this depth a
 * narrower filter or the other sort direction reaches the rows.
 */
export const MAX_OFFSET = 100_000;

export function offsetOf(p: { pageNum: number; pageSize: number }): number {
  const offset = (p.pageNum - 1) * p.pageSize;
  if (offset > MAX_OFFSET) {
    const msg = said("http.pageTooFarListReaches", { MAX_OFFSET });
    throw new DomainError("badInput", msg, { errors: { pageNum: msg } });
  }
  return offset;
}

/** A LIKE pattern for a typed keyword; wildcards the user typed are dropped (1_3 must not match 1x3). */
export function likePattern(keyword: string | undefined): string | null {
  const k = keyword?.replace(/[%_\\]/g, "");
  return k ? `%${k}%` : null;
}
