// The list contract: pageNum (1-based), pageSize, orderBy, orderType; reply
// { list, total, pageNum, pageSize }.
import { z } from "zod";
import { zInt } from "../../../src/domain/zod";

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

export function offsetOf(p: { pageNum: number; pageSize: number }): number {
  return (p.pageNum - 1) * p.pageSize;
}
