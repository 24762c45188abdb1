// A business rule refused what was asked (bad input, someone else's order, a state that does not
// allow the move). Modules throw it and know nothing of HTTP; the server's error handler answers
// it as the API's envelope (domain-envelope.ts), the one place that knows the contract's codes.
// Nothing was written: the caller's transaction rolls back.
import type { Tips } from "../../src/domain/envelope";

export type DomainCode = "badInput" | "unauthorised" | "forbidden" | "notFound" | "conflict" | "tooMany" | "unavailable";

export interface DomainErrorDetails {
  /** The form fields at fault and what is wrong with each. */
  errors?: Record<string, string>;
  /** The values a message key is filled with (the message passed as a key of the catalogue). */
  params?: Record<string, string | number>;
  /** Facts the caller acts on besides the message (a changed price, the time to wait). */
  data?: unknown;
  tips?: Tips;
}

export class DomainError extends Error {
  readonly errors?: Record<string, string>;
  readonly params?: Record<string, string | number>;
  readonly data?: unknown;
  readonly tips?: Tips;

  constructor(
    readonly code: DomainCode,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.errors = details.errors;
    this.params = details.params;
    this.data = details.data;
    this.tips = details.tips;
  }
}

export function isDomainError(e: unknown, code?: DomainCode): e is DomainError {
  return e instanceof DomainError && (code === undefined || e.code === code);
}
