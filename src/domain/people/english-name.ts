// The English name on a travel document from a Chinese name: surname and given names in pinyin
// without tones, upper case (张三 → ZHANG / SAN, 欧阳娜娜 → OUYANG / NANA). Only a suggestion:
// the document's own spelling wins, so the form lets the member correct it.
import { pinyin } from "pinyin-pro";
import { isChineseOnly } from "../validators";

/** Two-character surnames still in use; the rest take the first character. */
const COMPOUND_SURNAMES = ["欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒", "夏侯", "令狐", "澹台", "端木", "轩辕", "呼延", "南宫", "西门"];

export function englishNameOf(chinese: string): { surname: string; givenName: string } | null {
  const name = chinese.trim();
  if (name.length < 2 || !isChineseOnly(name)) return null;
  // surname "head": the first characters read as a surname (曾 zeng, 单 shan); passports spell ü as YU (吕 LYU).
  const syllables = pinyin(name, { toneType: "none", type: "array", surname: "head" }).map((s) => s.replace(/ü/g, "yu").toUpperCase().replace(/[^A-Z]/g, ""));
  const n = COMPOUND_SURNAMES.some((s) => name.startsWith(s)) && name.length > 2 ? 2 : 1;
  return { surname: syllables.slice(0, n).join(""), givenName: syllables.slice(n).join("") };
}
