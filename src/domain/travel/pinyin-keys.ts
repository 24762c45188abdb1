// The pinyin keys of a name, from pinyin-pro's dictionary. Apart from the matching (pinyin.ts),
// which needs no dictionary: the server loads this only when it builds its lists of places, so
// the dictionary (a sixth of the server's code) is not compiled at every start.
import { pinyin } from "pinyin-pro";
import type { PinyinKeys } from "./pinyin";

/** Keys of a Chinese name; `spelled` overrides pinyin-pro where a reading is special. */
export function pinyinKeys(name: string, spelled?: string): PinyinKeys {
  const syllables = spelled ? spelled.split(/\s+/) : pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive" });
  const clean = syllables.map((s) => s.toLowerCase().replace(/[^a-z]/g, "")).filter(Boolean);
  return { name, full: clean.join(""), initials: clean.map((s) => s[0]).join("") };
}
