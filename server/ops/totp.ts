// The second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as every authenticator app reads it.
// A code of the step before or after is accepted too, for clocks a little apart.
import { generateSecret, generateURI, verify } from "otplib";

export const TOTP_ISSUER = "差旅运营后台";

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URL the enrolment page shows as a QR code. */
export function totpUrl(account: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

export async function totpMatches(secret: string | null, code: string): Promise<boolean> {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
  }
}
