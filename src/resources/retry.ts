// When a failed query is worth trying again: a refusal (not found, forbidden, bad input) answers
// the same every time, so the page shows it at once; network and server failures get two more tries.
import type { HttpError } from "@refinedev/core";

export function retryUnlessRefused(failures: number, error: HttpError): boolean {
  const status = Number(error?.statusCode);
  if (status >= 400 && status < 500) return false;
  return failures < 2;
}
