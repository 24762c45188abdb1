// Third-party entry signs: sign = hex HMAC-SHA256(secret, `${appId}${timestamp}`). A sign is
// accepted for SIGN_MAX_AGE_MS after its timestamp (SIGN_MAX_SKEW_MS of clock skew ahead), once.
import crypto from "node:crypto";

export const SIGN_MAX_AGE_MS = 5 * 60 * 1000;
export const SIGN_MAX_SKEW_MS = 60 * 1000;

export function partnerSign(secret: string, appId: string, timestamp: string | number): string {
  return crypto.createHmac("sha256", secret).update(`${appId}${timestamp}`).digest("hex");
}

/** Constant-time comparison of two hex signs (case-insensitive). */
export function signMatches(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex.toLowerCase(), "utf8");
  const b = Buffer.from(givenHex.toLowerCase(), "utf8");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The variable that holds a partner's signing secret. */
export function partnerSecretVariable(name: string): string {
  return `PARTNER_SECRET_${name.toUpperCase()}`;
}

/** The secret the demo data uses when none is configured; production refuses to start with it. */
export function demoPartnerSecret(name: string): string {
  return `demo-secret-${name}`;
}

/** A partner's signing secret: PARTNER_SECRET_<NAME>, or the demo secret outside production. */
export function partnerSecretFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return env[partnerSecretVariable(name)] || demoPartnerSecret(name);
}
