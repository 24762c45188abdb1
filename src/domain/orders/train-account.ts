// The two ways a train ticket is bought. 免账号购票 (nab): the agency buys it through its own
// channel. 12306账号购票 (ab): the ticket goes into the member's own 12306 account, which they
// sign in to on the order page; only the account's 常用联系人 can travel on it. The account rules
// are the railway's, shared by the order form and the server.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { isMobile } from "../validators";
import type { TrainPassengerType } from "./train-types";

export const TRAIN_CHANNELS = ["ab", "nab"] as const;
export type TrainChannel = (typeof TRAIN_CHANNELS)[number];

/** A 12306 user name: a letter first, then letters, digits or underscores, 6–30 in all. */
export const ACCOUNT_12306_PATTERN = /^[A-Za-z][A-Za-z0-9_]{5,29}$/;
export const ACCOUNT_12306_MAX = 30;
export const PASSWORD_12306_MIN = 6;
export const PASSWORD_12306_MAX = 20;

/** 12306 signs in with the user name or the account's mobile number. */
export function isAccount12306(value: unknown): boolean {
  return typeof value === "string" && (ACCOUNT_12306_PATTERN.test(value) || isMobile(value));
}

const ACCOUNT_12306_ERROR = m("12306账号须为字母开头的 6–30 位字母、数字或下划线，或账号绑定的手机号");
const PASSWORD_12306_ERROR = m("12306密码须为 {min}–{max} 位", { min: PASSWORD_12306_MIN, max: PASSWORD_12306_MAX });

/** Whether a text could be a 12306 password: 6–20 printable characters. */
export function isPassword12306(value: unknown): boolean {
  return typeof value === "string" && value.length >= PASSWORD_12306_MIN && value.length <= PASSWORD_12306_MAX && /^[\x21-\x7e]+$/.test(value);
}

export const zAccount12306 = z
  .string({ error: trLazy("请填写12306账号") })
  .trim()
  .min(1, m("请填写12306账号"))
  .max(ACCOUNT_12306_MAX, ACCOUNT_12306_ERROR)
  .refine(isAccount12306, ACCOUNT_12306_ERROR);

// The message never repeats what was typed: a password must not reach a log through an error.
export const zPassword12306 = z
  .string({ error: trLazy("请填写12306密码") })
  .min(1, m("请填写12306密码"))
  .max(PASSWORD_12306_MAX, PASSWORD_12306_ERROR)
  .refine(isPassword12306, PASSWORD_12306_ERROR);

export const rail12306SignInInput = z.object({ account12306: zAccount12306, password12306: zPassword12306 }).strict();
export type Rail12306SignIn = z.output<typeof rail12306SignInInput>;

/** One of the account's 常用联系人, as the booking form takes a passenger. */
export interface Rail12306Passenger {
  name: string;
  certType: number;
  certNo: string;
  passengerType: TrainPassengerType;
}

export interface Rail12306Account {
  account12306: string;
  passengers: Rail12306Passenger[];
}

/** Whether the passenger is one of the account's (same name and certificate). */
export function inAccount(account: readonly Rail12306Passenger[], p: { name: string; certType: number; certNo: string }): boolean {
  return account.some((a) => a.name === p.name.trim() && a.certType === p.certType && a.certNo.toUpperCase() === p.certNo.trim().toUpperCase());
}
