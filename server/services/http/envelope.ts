// The reply envelope of the API contract: HTTP 200 with { ret, msg, data, tips? }.

import { say } from "../i18n/catalogue";
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
  ok: say("http.success"),
  sessionExpired: say("http.sessionHasExpiredSignAgain"),
  forbidden: say("http.doHavePermissionDo"),
  notFound: say("http.apiFound"),
  badInput: say("http.invalidRequestParameters"),
  malformed: say("http.malformedRequestCheckTryAgain"),
  tooLarge: say("http.requestTooLargeLimit1"),
  unsupported: say("http.unsupportedRequestTypeSubmitForm"),
  tooMany: say("http.tooManyRequestsTryAgain"),
  server: say("http.serverBusyTryAgainLater"),
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
