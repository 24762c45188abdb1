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

/**
 * The time step (Unix seconds / 30) a right code belongs to, or null for a wrong one. The step,
 * not the code, is what the replay guard remembers: the same six digits may come back in a later
 * step as a genuinely new code.
 */
export async function totpStep(secret: string | null, code: string): Promise<number | null> {
  if (!secret || !/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    // A TOTP result carries its step (an HOTP one, never asked for here, would not).
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
