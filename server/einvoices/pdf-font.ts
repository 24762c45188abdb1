// The font every document is drawn in: Noto Sans SC shipped as a package (no system font), so
// every machine prints the same Chinese. It is read and parsed once per thread and handed to
// each document already parsed (parsing the 8 MB font anew for every document cost more than
// drawing it, which a month's zip of thousands of documents multiplies); pdfkit embeds only the
// glyphs a document uses.
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

/** The parsed font with shaping remembered; pdfkit takes a fontkit font as it takes the file's bytes. */
export function einvoiceFont(): PDFKit.Mixins.PDFFontSource {
  if (shared) return shared;
  const parsed = fontkit.create(fs.readFileSync(einvoiceFontFile()));
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
