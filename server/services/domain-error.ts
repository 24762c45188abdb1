// A business rule refused what was asked (bad input, someone else's order, a state that does not
// allow the move). Modules throw it and know nothing of HTTP; the server's error handler answers
// it as the API's envelope (domain-envelope.ts), the one place that knows the contract's codes.
// Nothing was written: the caller's transaction rolls back. Its message and field problems are
// catalogue texts carried as keys with their values, read in the caller's language only where
// the envelope is written; its Error message is the Chinese, for logs.
import type { Tips } from "../../src/domain/envelope";
import type { Text } from "./i18n/text";

export type DomainCode = "badInput" | "unauthorised" | "forbidden" | "notFound" | "conflict" | "tooMany" | "unavailable";

export interface DomainErrorDetails {
  /** The form fields at fault and what is wrong with each. */
  errors?: Record<string, Text | string>;
  /** Facts the caller acts on besides the message (a changed price, the time to wait). */
  data?: unknown;
  tips?: Tips;
}

export class DomainError extends Error {
  readonly text: Text | string;
  readonly errors?: Record<string, Text | string>;
  readonly data?: unknown;
  readonly tips?: Tips;

  constructor(
    readonly code: DomainCode,
    message: Text | string,
    details: DomainErrorDetails = {},
  ) {
    super(String(message));
    this.text = message;
    this.errors = details.errors;
    this.data = details.data;
    this.tips = details.tips;
  }
}

export function isDomainError(e: unknown, code?: DomainCode): e is DomainError {
  return e instanceof DomainError && (code === undefined || e.code === code);
}
