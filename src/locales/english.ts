// The English bundle: the portal's texts and antd's, fetched together the first time English is
// chosen (src/providers/i18n-provider.ts), never part of the first download.
import antdEnUS from "antd/es/locale/en_US";
import enUS from "./en-US.json";

export const texts = enUS;
export const antdTexts = antdEnUS;
