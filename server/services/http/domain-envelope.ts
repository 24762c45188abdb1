// How a module's DomainError is answered: HTTP 200 with the envelope, its code as the contract's
// ret, the field errors (or other facts) as data.
import type { DomainCode, DomainError } from "../domain-error";
import { RET, type Envelope } from "./envelope";

const RET_OF: Readonly<Record<DomainCode, number>> = {
  badInput: RET.BAD_INPUT,
  unauthorised: RET.UNAUTHORISED,
  forbidden: RET.FORBIDDEN,
  notFound: RET.NOT_FOUND,
  conflict: RET.CONFLICT,
  tooMany: RET.TOO_MANY,
  unavailable: RET.SERVER,
};

export const retOf = (code: DomainCode): number => RET_OF[code];

export function domainEnvelope(e: DomainError): Envelope {
  const data = e.errors ? { errors: e.errors } : (e.data ?? null);
  return { ret: RET_OF[e.code], msg: e.message, data, ...(e.tips ? { tips: e.tips } : {}) };
}
