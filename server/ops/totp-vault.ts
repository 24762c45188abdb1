// Operators' TOTP secrets are kept encrypted (AES-256-GCM) under a key from the environment
// (OPS_TOTP_KEY), so a copy of the database (a backup, a replica, a leaked dump) does not hand
// out everyone's second factor. Each secret is bound to its operator's account (the GCM's
// associated data): a sealed value copied onto another operator's row does not open there.
// A stored value is `v1.<iv>.<ciphertext and tag>` (base64url); a value without that prefix is a
// base32 secret written in clear by an earlier version, read as it is until start-up seals it.
import crypto from "node:crypto";

const PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TOTP_KEY_BYTES = 32;

/**
 * The key used outside production when OPS_TOTP_KEY is unset. It is published with the code, so
 * it protects nothing: production refuses to start with it or without a key of its own.
 */
export const DEV_OPS_TOTP_KEY = Buffer.from("6f70732d746f74702d6465762d6b65792d6e6f742d666f722d70726f64756374", "hex");

/** A sealed value that does not open under this key (another key, or a value tampered with). */
export class TotpVaultError extends Error {}

export interface TotpVault {
  seal(account: string, secret: string): string;
  /** The base32 secret of a stored value: opened when sealed, as it is when written in clear. */
  open(account: string, stored: string): string;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

const aad = (account: string) => Buffer.from(`operators.totpSecret:${account}`, "utf8");

export function createTotpVault(key: Buffer): TotpVault {
  if (key.length !== TOTP_KEY_BYTES) throw new TotpVaultError(`the TOTP key must be ${TOTP_KEY_BYTES} bytes`);
  return {
    seal(account, secret) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad(account));
      const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${iv.toString("base64url")}.${body.toString("base64url")}`;
    },
    open(account, stored) {
      if (!isSealed(stored)) return stored;
      const [ivText, bodyText] = stored.slice(PREFIX.length).split(".");
      const iv = Buffer.from(ivText ?? "", "base64url");
      const body = Buffer.from(bodyText ?? "", "base64url");
      if (iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new TotpVaultError("a sealed TOTP secret is malformed");
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAAD(aad(account));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        // The reason (wrong key, other account, altered bytes) is not told apart, nor any byte shown.
        throw new TotpVaultError("a sealed TOTP secret does not open under this key");
      }
    },
  };
}

/**
 * OPS_TOTP_KEY's text: 32 bytes as 64 hexadecimal digits or as base64 (standard or URL-safe,
 * padded or not). Anything else is null, so a truncated or mistyped key is never used.
 */
export function parseTotpKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) return null;
  const key = Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === TOTP_KEY_BYTES ? key : null;
}
