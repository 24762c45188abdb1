// Passwords arrive as MD5 hex digests; only a salted scrypt hash of that digest is kept.
import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LEN = 32;

export async function hashPassword(md5: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(md5.toLowerCase(), salt, KEY_LEN, PARAMS);
  return `scrypt$${PARAMS.N}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(md5: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const key = await scrypt(md5.toLowerCase(), Buffer.from(saltB64, "base64"), expected.length, { ...PARAMS, N: Number(n) });
  return crypto.timingSafeEqual(key, expected);
}

export function md5(text: string): string {
  return crypto.createHash("md5").update(text).digest("hex");
}
