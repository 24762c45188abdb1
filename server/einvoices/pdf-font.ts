// The font every document is drawn in: Noto Sans SC shipped as a package (no system font), so
// every machine prints the same Chinese. It is read once per thread and handed to each document
// already parsed, parsed anew only every FONT_RENEW_EVERY documents (parsing the 8 MB font for
// every document cost more than drawing it, which a month's zip of thousands of documents
// multiplies); pdfkit embeds only the glyphs a document uses.
//
// Shaping a text (fontkit's layout: the font's substitution and positioning tables applied to
// it) is remembered across documents. pdfkit remembers it only within one document, but every
// document repeats the same labels, and a line is measured once per character while it is
// wrapped: most of a document's shaping is text another document shaped already. The answer is
// the same for the same text, so a remembered one draws the same document. Its embedded subset
// is written without subroutines (cff-subset.ts).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";
import { withFlatSubsets } from "./cff-subset";

// pdfkit loads fontkit's CommonJS build; the same copy parses the font, so a thread holds one
// fontkit (the ES module build beside it would be a second copy of its code and tables).
const fontkit = createRequire(import.meta.url)("fontkit") as typeof Fontkit;

/** Texts remembered at most; past this the memory starts over (the labels every document repeats come back at once). */
const SHAPED_MAX = 1_000;

/**
 * Documents drawn with one parse of the font before it is parsed anew. fontkit keeps every glyph
 * it has parsed (with its outline) for the life of a parsed font, so a month of many different
 * names would grow the thread's heap until it is done; a new parse drops them all. The file's
 * bytes are kept and parsed again in place (fontkit reads its tables from them as they are).
 * Renewing the font, not the thread, matters: an ended thread leaves its native memory behind in
 * the process (tens of MB each time) while a dropped font is simply collected.
 */
export const FONT_RENEW_EVERY = 1_000;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface Run {
  glyphs: unknown[];
  positions: Position[];
}

let shared: PDFKit.Mixins.PDFFontSource | null = null;
let fontBytes: Buffer | null = null;
let drawn = 0;

/**
 * A shaped run as pdfkit reads it: pdfkit scales the positions it is given in place, so each
 * caller gets positions of its own; glyphs are fontkit's own (one object per glyph per font).
 */
function copyOf(run: Run) {
  return {
    glyphs: run.glyphs,
    positions: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
    get advanceWidth() {
      let width = 0;
      for (const p of this.positions) width += p.xAdvance;
      return width;
    },
  };
}

/** The font file: the package exports only its font list; the files sit beside its dist folder. */
export function einvoiceFontFile(): string {
  const entry = createRequire(import.meta.url).resolve("@embedpdf/fonts-sc");
  return path.join(path.dirname(entry), "..", "fonts", "NotoSansHans-Regular.otf");
}

/**
 * The parsed font with shaping remembered, for one document (each call counts as one); pdfkit
 * takes a fontkit font as it takes the file's bytes.
 */
export function einvoiceFont(): PDFKit.Mixins.PDFFontSource {
  if (shared && drawn++ < FONT_RENEW_EVERY) return shared;
  drawn = 1;
  fontBytes ??= fs.readFileSync(einvoiceFontFile());
  const parsed = fontkit.create(fontBytes);
  const shaped = new Map<string, Run>();
  // Everything but layout is the parsed font's own (read through the prototype, so its tables
  // are parsed once whichever object asks).
  const font = Object.create(parsed) as Fontkit.Font;
  font.layout = (text: string, features?: unknown) => {
    // Features change the answer: pdfkit asks with none unless a text sets some.
    if (features !== undefined) return parsed.layout.call(font, text, features);
    let run = shaped.get(text);
    if (!run) {
      const fresh = parsed.layout.call(font, text) as Run;
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((p) => ({ ...p })) };
      if (shaped.size >= SHAPED_MAX) shaped.clear();
      shaped.set(text, run);
    }
    return copyOf(run);
  };
  withFlatSubsets(font as unknown as { createSubset(): unknown }, () => (parsed as unknown as { createSubset(): unknown }).createSubset.call(font));
  shared = font as unknown as PDFKit.Mixins.PDFFontSource;
  return shared;
}
