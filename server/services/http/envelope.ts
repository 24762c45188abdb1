// The reply envelope of the API contract: HTTP 200 with { ret, msg, data, tips? }.

import { said, type Text } from "../i18n/text";
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

/** The frame's own texts, read in the caller's language where a reply is written. */
export const MSG = {
  ok: said("http.success"),
  sessionExpired: said("http.sessionHasExpiredSignAgain"),
  forbidden: said("http.doHavePermissionDo"),
  notFound: said("http.apiFound"),
  badInput: said("http.invalidRequestParameters"),
  malformed: said("http.malformedRequestCheckTryAgain"),
  tooLarge: said("http.requestTooLargeLimit1"),
  unsupported: said("http.unsupportedRequestTypeSubmitForm"),
  tooMany: said("http.tooManyRequestsTryAgain"),
  server: said("http.serverBusyTryAgainLater"),
} as const;

export function ok<T>(data: T, msg: string = MSG.ok.in("zh")): Envelope<T> {
  return { ret: RET.OK, msg, data };
}

/**
 * A business failure: answered as an envelope with HTTP 200; nothing is written. Its message (and
 * the field problems of a `{ errors }` data) is read in the caller's language where it is answered.
 */
export class BizError extends Error {
  readonly text: Text | string;
  constructor(
    readonly ret: number,
    message: Text | string,
    readonly data: unknown = null,
    readonly tips?: Tips,
  ) {
    super(String(message));
    this.text = message;
  }
}

export function fail(ret: number, msg: string, data: unknown = null): Envelope {
  return { ret, msg, data };
}
