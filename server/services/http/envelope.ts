// The reply envelope of the API contract: HTTP 200 with { ret, msg, data, tips? }.

import type { Envelope as ContractEnvelope, Tips } from "../../../src/domain/envelope";

export type { Tips };
/** Our server always answers a numeric ret. */
export type Envelope<T = unknown> = ContractEnvelope<T, number>;

export const RET = {
  OK: 0,
  BAD_INPUT: 400,
  UNAUTHORISED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  SERVER: 500,
} as const;

export const MSG = {
  ok: "成功",
  sessionExpired: "登录已过期，请重新登录",
  forbidden: "您没有权限执行此操作",
  notFound: "接口不存在",
  badInput: "请求参数不正确",
  malformed: "请求格式不正确，请检查后重试",
  tooLarge: "请求内容过大（上限 1 MB）",
  unsupported: "不支持的请求类型，请以表单或 JSON 提交",
  tooMany: "操作过于频繁，请稍后再试",
  server: "服务器繁忙，请稍后再试",
} as const;

export function ok<T>(data: T, msg: string = MSG.ok): Envelope<T> {
  return { ret: RET.OK, msg, data };
}

/** A business failure: answered as an envelope with HTTP 200; nothing is written. */
export class BizError extends Error {
  constructor(
    readonly ret: number,
    message: string,
    readonly data: unknown = null,
    readonly tips?: Tips,
  ) {
    super(message);
  }
}

export function fail(ret: number, msg: string, data: unknown = null): Envelope {
  return { ret, msg, data };
}
