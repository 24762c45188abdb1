// fontkit's CFF subset, embedded without subroutines: each glyph's charstring is written with
// its subroutines in place (cff-flat.ts), once per glyph per thread, and the subset's global
// and local subroutine INDEXes are left empty. What fontkit would have written instead is an
// INDEX of every subroutine the font has (tens of thousands here, unused ones as stubs) for each
// document. A glyph this cannot flatten leaves that document's subset as fontkit makes it.
import { flattenCharstring, type Subrs } from "./cff-flat";

interface IndexEntry {
  offset: number;
  length: number;
}
interface PrivateDict {
  Subrs?: IndexEntry[] | null;
}
/** The parts of fontkit's parsed CFF table read here. */
interface CffTable {
  stream: { buffer: Uint8Array };
  isCIDFont: boolean;
  globalSubrIndex: IndexEntry[];
  topDict: { CharStrings: IndexEntry[]; Private?: PrivateDict | null; FDArray?: { Private?: PrivateDict | null }[] };
  fdForGlyph(gid: number): number | null;
}
/** The parts of fontkit's CFF subset replaced or read here. */
interface CffSubset {
  cff?: CffTable;
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  subsetCharstrings(): void;
  subsetSubrs(subrs: IndexEntry[], used: Record<string, boolean>): Uint8Array[] | null;
}

const NO_SUBRS: Subrs = { count: 0, at: () => undefined };

/** Makes `createSubset` of `font` (a fontkit font, or an object over one) answer flattened subsets. */
export function withFlatSubsets<F extends { createSubset(): unknown }>(font: F, createSubset: () => unknown): void {
  const flat = new Map<number, Uint8Array | null>();
  const indexes = new Map<IndexEntry[], Subrs>();

  const subrsOf = (cff: CffTable, entries: IndexEntry[] | null | undefined): Subrs => {
    if (!entries?.length) return NO_SUBRS;
    let subrs = indexes.get(entries);
    if (!subrs) {
      const buffer = cff.stream.buffer;
      subrs = {
        count: entries.length,
        at: (i) => {
          const e = Number.isInteger(i) ? entries[i] : undefined;
          return e ? buffer.subarray(e.offset, e.offset + e.length) : undefined;
        },
      };
      indexes.set(entries, subrs);
    }
    return subrs;
  };

  const flatGlyph = (cff: CffTable, gid: number): Uint8Array | null => {
    let code = flat.get(gid);
    if (code === undefined) {
      const entry = cff.topDict.CharStrings[gid];
      const fd = cff.isCIDFont ? cff.fdForGlyph(gid) : null;
      const privateDict = cff.isCIDFont ? (fd === null ? null : cff.topDict.FDArray?.[fd]?.Private) : cff.topDict.Private;
      code = entry
        ? flattenCharstring(cff.stream.buffer.subarray(entry.offset, entry.offset + entry.length), subrsOf(cff, privateDict?.Subrs), subrsOf(cff, cff.globalSubrIndex))
        : null;
      flat.set(gid, code);
    }
    return code;
  };

  font.createSubset = () => {
    const subset = createSubset() as CffSubset;
    const cff = subset.cff;
    if (!cff) return subset;
    const ownCharstrings = subset.subsetCharstrings;
    const ownSubrs = subset.subsetSubrs;
    let flattened = false;
    subset.subsetCharstrings = function (this: CffSubset) {
      const codes = this.glyphs.map((gid) => flatGlyph(cff, gid));
      if (codes.some((c) => c === null)) return ownCharstrings.call(this);
      flattened = true;
      this.charstrings = codes as Uint8Array[];
      this.gsubrs = [];
    };
    // With every glyph flattened no glyph calls a subroutine: the private dicts name none.
    subset.subsetSubrs = function (this: CffSubset, subrs, used) {
      return flattened ? null : ownSubrs.call(this, subrs, used);
    };
    return subset;
  };
}
