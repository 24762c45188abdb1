// Bank cards a member withdraws to: the card number rule (16 or 19 digits and the Luhn check
// digit), the issuing bank from the card's BIN, the masked form every reply and page shows, and
// the inputs of the card calls, shared by the server and the portal's forms.
import { z } from "zod";
import { isBankCard, isChineseOnly } from "../validators";
import { msg, type Lang, type MessageKey } from "../messages";
import { zInt } from "../zod";
import { CODE_MAX } from "../forms/auth";

export { BANK_CARD_PATHS } from "./types";

/** A member keeps at most this many bound cards. */
export const MAX_BANK_CARDS = 5;
export const HOLDER_NAME_MIN = 2;
export const HOLDER_NAME_MAX = 20;
/** A card number typed with spaces between its groups is at most this long. */
export const CARD_INPUT_MAX = 23;
/** The SMS purpose of the code that confirms a binding (sent only to the member's own phone). */
export const BIND_CARD_SMS = "bindBankCard";

/** The Luhn (mod 10) check over every digit, the last being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 16 or 19 digits whose last one is the right Luhn check digit. */
export function isBankCardNumber(value: unknown): boolean {
  return isBankCard(value) && luhnValid(value as string);
}

/** The digits of a number typed with blanks between its groups. */
export const cardDigits = (typed: string) => typed.replace(/\s+/g, "");

export interface Bank {
  code: string;
  name: string;
}

/**
 * Debit card BINs (the first six digits) of the banks withdrawals go to. A few well-known
 * prefixes per bank: enough to tell the bank of a card typed on the page, and any other prefix is
 * refused rather than guessed.
 */
export const BANKS: readonly (Bank & { bins: readonly string[] })[] = [
  { code: "ICBC", name: "中国工商银行", bins: ["622202", "622203", "622208", "621226", "621225", "621288"] },
  { code: "ABC", name: "中国农业银行", bins: ["622848", "622845", "622846", "622841", "621282"] },
  { code: "BOC", name: "中国银行", bins: ["621660", "621661", "621663", "621666", "601382"] },
  { code: "CCB", name: "中国建设银行", bins: ["621700", "622700", "622280", "436742", "621284"] },
  { code: "BOCOM", name: "交通银行", bins: ["622260", "622262", "622258", "622261"] },
  { code: "CMB", name: "招商银行", bins: ["622588", "622575", "621483", "621485", "621486"] },
  { code: "PSBC", name: "中国邮政储蓄银行", bins: ["621799", "622188", "621098", "622150", "622151"] },
  { code: "SPDB", name: "上海浦东发展银行", bins: ["622521", "622522", "622523", "622516", "622518"] },
  { code: "CITIC", name: "中信银行", bins: ["622690", "622691", "622692", "622696", "621771"] },
  { code: "CEB", name: "中国光大银行", bins: ["622660", "622661", "622662", "622663", "622666"] },
  { code: "CMBC", name: "中国民生银行", bins: ["622615", "622617", "622618", "622622"] },
  { code: "CIB", name: "兴业银行", bins: ["622909", "622908", "438588"] },
  { code: "PAB", name: "平安银行", bins: ["622155", "622156", "622157", "622986", "623058"] },
  { code: "CGB", name: "广发银行", bins: ["622568", "621462"] },
  { code: "HXB", name: "华夏银行", bins: ["622630", "622631", "622632", "622633"] },
];

const BY_BIN: ReadonlyMap<string, Bank> = new Map(BANKS.flatMap((b) => b.bins.map((bin) => [bin, { code: b.code, name: b.name }] as const)));

/** The bank that issued a card, from its first six digits; null for a BIN not on the table. */
export function bankOfCard(cardNo: string): Bank | null {
  return BY_BIN.get(cardDigits(cardNo).slice(0, 6)) ?? null;
}

/** Every card is shown as **** **** **** and its last four digits, whatever its length. */
export function maskCardNo(cardNo: string): string {
  return `**** **** **** ${cardDigits(cardNo).slice(-4)}`;
}

/** A bound card as the list and every reply show it: never the whole number. */
export interface BankCardView {
  id: number;
  bankCode: string;
  bankName: string;
  cardNoMasked: string;
  holderName: string;
  createTime: string;
}

export interface BankTypeView extends Bank {
  cardNoMasked: string;
}

// Their texts: messages.<key> in the locale files (their placeholders filled in here).
const TEXTS = {
  cardRequired: "bankCardCardRequired",
  cardLength: "bankCardCardLength",
  cardCheck: "bankCardCardCheck",
  unsupported: "bankCardUnsupported",
  holderRequired: "bankCardHolderRequired",
  holderName: "bankCardHolderName",
  cardId: "bankCardCardId",
} as const satisfies Record<string, MessageKey>;
const PARAMS: Partial<Record<keyof typeof TEXTS, Record<string, number>>> = {
  holderName: { min: HOLDER_NAME_MIN, max: HOLDER_NAME_MAX },
};
/** A message of this file in one language. */
const textOf = (key: keyof typeof TEXTS, lang: Lang = "zh"): string => msg(TEXTS[key], lang, PARAMS[key]);

export const UNSUPPORTED_CARD = textOf("unsupported");

export function createBankCardSchemas(lang: Lang = "zh") {
  const t = (key: keyof typeof TEXTS) => textOf(key, lang);
  /** The number's own rule, checked in order: present, 16 or 19 digits, its check digit. */
  const cardNumber = z
    .string({ error: t("cardRequired") })
    .max(CARD_INPUT_MAX, t("cardLength"))
    .transform(cardDigits)
    .superRefine((v, ctx) => {
      const message = v === "" ? t("cardRequired") : !isBankCard(v) ? t("cardLength") : !luhnValid(v) ? t("cardCheck") : null;
      if (message) ctx.addIssue({ code: "custom", message });
    });
  /** A card that can be bound: the number's rule, then a bank on the BIN table. */
  const bindableCard = cardNumber.refine((v) => bankOfCard(v) !== null, t("unsupported"));
  const holderName = z
    .string({ error: t("holderRequired") })
    .trim()
    .min(1, t("holderRequired"))
    .max(HOLDER_NAME_MAX, t("holderName"))
    .refine((v) => [...v].length >= HOLDER_NAME_MIN && isChineseOnly(v), t("holderName"));
  const smsCode = z
    .string({ error: msg("smsCodeRequired", lang) })
    .trim()
    .min(1, msg("smsCodeRequired", lang))
    .max(CODE_MAX, msg("smsCodeFormat", lang))
    .regex(new RegExp(`^\\d{${CODE_MAX}}$`), msg("smsCodeFormat", lang));
  return {
    cardNumber,
    /** POST /bank/GetBankType */
    bankTypeInput: z.object({ cardNo: cardNumber }).strict(),
    /** POST /member/account/bind_bankcard (the browser's 添加银行卡 form checks the same). */
    bindCardInput: z.object({ cardNo: bindableCard, holderName, smsCode }).strict(),
    /** POST /member/account/unbind_bankcard */
    unbindCardInput: z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: t("cardId") }) }).strict(),
  };
}

export const BANK_CARD_SCHEMAS: Readonly<Record<Lang, ReturnType<typeof createBankCardSchemas>>> = {
  zh: createBankCardSchemas("zh"),
  en: createBankCardSchemas("en"),
};

export const zCardId = (lang: Lang = "zh") => zInt({ min: 1, max: 2_147_483_647, error: textOf("cardId", lang) });
