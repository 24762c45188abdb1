// RSA keys as the environment gives them: PEM (with real or escaped line breaks), or the bare
// Base64 body the gateways' key tools print. Normalised to PKCS#8 / SPKI PEM, RSA only.
import crypto from "node:crypto";

function unescape(text: string): string {
  return text.replace(/\\n/g, "\n").trim();
}

function der(text: string): Buffer | null {
  const body = text.replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? Buffer.from(body, "base64") : null;
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** The private key as PKCS#8 PEM, or null when the text is not an RSA private key. */
export function rsaPrivateKeyPem(text: string): string | null {
  const s = unescape(text);
  let key: crypto.KeyObject | null = null;
  if (s.includes("-----BEGIN")) key = attempt(() => crypto.createPrivateKey(s));
  else {
    const d = der(s);
    if (d) key = attempt(() => crypto.createPrivateKey({ key: d, format: "der", type: "pkcs8" })) ?? attempt(() => crypto.createPrivateKey({ key: d, format: "der", type: "pkcs1" }));
  }
  if (!key || key.asymmetricKeyType !== "rsa") return null;
  return (key.export({ type: "pkcs8", format: "pem" }) as string).trim();
}

/** The public key (or a certificate's public key) as SPKI PEM, or null when it is not RSA. */
export function rsaPublicKeyPem(text: string): string | null {
  const s = unescape(text);
  // Node derives a public key from a private one; a private key here is a misplaced secret.
  if (s.includes("PRIVATE KEY") || rsaPrivateKeyPem(s)) return null;
  let key: crypto.KeyObject | null = null;
  if (s.includes("-----BEGIN CERTIFICATE")) key = attempt(() => new crypto.X509Certificate(s).publicKey);
  else if (s.includes("-----BEGIN")) key = attempt(() => crypto.createPublicKey(s));
  else {
    const d = der(s);
    if (d) key = attempt(() => crypto.createPublicKey({ key: d, format: "der", type: "spki" })) ?? attempt(() => crypto.createPublicKey({ key: d, format: "der", type: "pkcs1" }));
  }
  if (!key || key.asymmetricKeyType !== "rsa") return null;
  return (key.export({ type: "spki", format: "pem" }) as string).trim();
}

/** The public half of a private key (PEM), as SPKI PEM. */
export function publicPemOf(privatePem: string): string {
  return (crypto.createPublicKey(privatePem).export({ type: "spki", format: "pem" }) as string).trim();
}
