// Finding a city, airport or station by what a person types: Chinese (北京), full pinyin
// (beijing) or initials (bj), and codes (PEK). Keys are computed once per name (pinyin-keys.ts).

export interface PinyinKeys {
  name: string;
  /** Full pinyin without tones or spaces, lower case: "beijingnan". */
  full: string;
  /** First letter of each syllable: "bjn". */
  initials: string;
}

/**
 * How well `keyword` finds an entry; null for no match. Exact name or code first, then a name
 * that starts with it, pinyin or initials that start with it, and a name that contains it.
 */
export function matchScore(keyword: string, keys: PinyinKeys, codes: readonly string[] = []): number | null {
  const k = keyword.trim().toLowerCase().replace(/\s+/g, "");
  if (!k) return null;
  if (keys.name === keyword.trim()) return 100;
  if (codes.some((c) => c.toLowerCase() === k)) return 95;
  if (keys.name.startsWith(keyword.trim())) return 90;
  if (/^[a-z]+$/.test(k)) {
    if (keys.full === k) return 85;
    if (keys.full.startsWith(k)) return 80;
    if (keys.initials.startsWith(k)) return 75;
  }
  if (keys.name.includes(keyword.trim())) return 60;
  return null;
}

/** Entries matching `keyword`, best first; ties keep the input order (put popular entries first). */
export function searchByPinyin<T>(
  items: readonly T[],
  keyword: string,
  keysOf: (item: T) => PinyinKeys,
  codesOf: (item: T) => readonly string[] = () => [],
  limit = 20,
): T[] {
  const scored: { item: T; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const score = matchScore(keyword, keysOf(item), codesOf(item));
    if (score !== null) scored.push({ item, score, index });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((s) => s.item);
}
