// The list contract: pageNum (1-based), pageSize, orderBy, orderType; reply
// { list, total, pageNum, pageSize }.
import { z } from "zod";
import { zInt } from "../../../src/domain/zod";
import { DomainError } from "../domain-error";
import type { RawJson } from "./raw-json";

export const MAX_PAGE_SIZE = 100;

export function pageInput<const K extends readonly [string, ...string[]]>(orderable: K) {
  return {
    pageNum: zInt({ min: 1, max: 100000, error: "页码须为 1 到 100000 之间的整数" }).optional().default(1),
    pageSize: zInt({ min: 1, max: MAX_PAGE_SIZE, error: `每页条数须为 1 到 ${MAX_PAGE_SIZE} 之间的整数` }).optional().default(10),
    orderBy: z.enum(orderable, { error: "不支持的排序字段" }).optional(),
    orderType: z.enum(["asc", "desc"], { error: "排序方向只能是 asc 或 desc" }).optional().default("desc"),
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
    const msg = `页码过大：列表最多翻到第 ${MAX_OFFSET} 条记录，请缩小筛选范围或改变排序方向`;
    throw new DomainError("badInput", msg, { errors: { pageNum: msg } });
  }
  return offset;
}

/** A LIKE pattern for a typed keyword; wildcards the user typed are dropped (1_3 must not match 1x3). */
export function likePattern(keyword: string | undefined): string | null {
  const k = keyword?.replace(/[%_\\]/g, "");
  return k ? `%${k}%` : null;
}
