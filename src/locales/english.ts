// The English bundle: the portal's texts, its code labels and antd's, fetched together the first
// time English is chosen (src/providers/i18n-provider.ts), never part of the first download.
import antdEnUS from "antd/es/locale/en_US";
import enUS from "./en-US.json";
import codesEnUS from "./codes.en-US.json";
import domainEnUS from "./domain.en-US.json";
// Registers the English validation and feedback messages (MESSAGES.en) as the bundle loads.
import "../domain/messages-en";

export const texts = enUS;
/** The code labels, as t('codes.<group>.<code>'). */
export const codes = codesEnUS;
export const antdTexts = antdEnUS;
/** The domain's texts (validation messages, fare and ledger labels), keyed by their Chinese. */
export const domainTexts: Readonly<Record<string, string>> = domainEnUS;
