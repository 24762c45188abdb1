// Picture captchas issued and checked by the server: 4 characters without look-alikes, drawn as
// an SVG with noise lines, stored with a random id until they expire. A captcha is good for one
// check: checking deletes it, whatever the answer.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { CAPTCHA_BYPASS, CAPTCHA_CHARS, CAPTCHA_LENGTH } from "../../../src/domain/forms/auth";
import { isoAt, now } from "../clock";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** Digits and letters without the look-alikes 0/O/o and 1/I/l, so no answer is wrong by eye. */
export const CAPTCHA_ALPHABET = CAPTCHA_CHARS;

/** Size and look of the picture; the login form shows it at this size. */
const PICTURE = { width: 112, height: 40, fontSize: 40, noise: 3, color: true, background: "#f2f4f7" };

type Draw = (text: string, options: typeof PICTURE) => string;
let drawer: Promise<Draw> | undefined;

/**
 * svg-captcha's main export draws a given text (its typings only describe the helpers). The text
 * is chosen here with crypto.randomInt rather than by the library's Math.random. The library
 * parses its font when loaded (several MB that stay resident), so it is loaded at the first
 * captcha rather than with the server.
 */
function loadDraw(): Promise<Draw> {
  drawer ??= import("svg-captcha").then((m) => m.default as unknown as Draw);
  return drawer;
}

export interface IssuedCaptcha {
  captchaId: string;
  svg: string;
  /** Seconds the captcha stays valid. */
  expiresIn: number;
}

export function captchaText(): string {
  let text = "";
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export async function issueCaptcha(db: Kysely<Database>): Promise<IssuedCaptcha> {
  const t = now();
  const text = captchaText();
  const captchaId = crypto.randomBytes(16).toString("hex");
  // Expired captchas are removed as new ones are issued, so the table holds only live ones.
  await db.deleteFrom("captchas").where("expiresAt", "<", isoAt(t)).execute();
  await db.insertInto("captchas").values({ id: captchaId, text, createTime: isoAt(t), expiresAt: isoAt(t + CAPTCHA_TTL_MS) }).execute();
  return { captchaId, svg: (await loadDraw())(text, PICTURE), expiresIn: CAPTCHA_TTL_MS / 1000 };
}

/** The expected text of a live captcha (development aid), or null. */
export async function expectedCaptchaText(db: Kysely<Database>, captchaId: string): Promise<string | null> {
  const row = await db.selectFrom("captchas").select("text").where("id", "=", captchaId).where("expiresAt", ">", isoAt()).executeTakeFirst();
  return row?.text ?? null;
}

export type CaptchaOutcome = "passed" | "missing" | "wrong";

/**
 * Checks a typed captcha (case-insensitive, surrounding blanks ignored) and consumes it. The
 * bypass value passes outside production only. A blank answer is "missing"; an unknown, used
 * or expired id, or a wrong text, is "wrong".
 */
export async function checkCaptcha(
  db: Kysely<Database>,
  given: { captchaId?: string; accCode?: string },
  nodeEnv: string,
): Promise<CaptchaOutcome> {
  // Deleted first and in one statement: of two concurrent checks of one id, only one finds it.
  const row = given.captchaId
    ? await db.deleteFrom("captchas").where("id", "=", given.captchaId).returning(["text", "expiresAt"]).executeTakeFirst()
    : undefined;
  const typed = (given.accCode ?? "").trim();
  if (typed === "") return "missing";
  if (typed === CAPTCHA_BYPASS && nodeEnv !== "production") return "passed";
  if (!row || row.expiresAt <= isoAt()) return "wrong";
  return typed.toLowerCase() === row.text.toLowerCase() ? "passed" : "wrong";
}
