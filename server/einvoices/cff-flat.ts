// A glyph's Type 2 charstring (the outline format of a CFF font) with its subroutine calls
// written out in place, so that a font subset can be embedded without subroutines.
//
// A subset of a CFF font keeps its glyphs' subroutines by their numbers: fontkit writes every
// subroutine index whole, each unused entry a one-byte stub. This font's Chinese glyphs share a
// table of 22,293 local subroutines, so every document's embedded subset carried (and built, one
// small array per entry) some 22,000 stubs and their offsets for the hundred or so subroutines
// its glyphs call. A call is only a jump: the interpreter runs the subroutine's bytes on the same
// operand stack and comes back, so the same bytes written where the call stood (less the index
// operand, the call and the return) draw the same outline.
//
// Every byte is copied as it is. The only operators whose length depends on what came before are
// hintmask and cntrmask (one mask bit per stem hint declared so far), and the stems are counted
// here as the interpreter counts them. A charstring using the arithmetic or storage operators
// (which compute operands, so a subroutine index may not be a literal) is answered with null and
// the caller keeps fontkit's own subset.

/** The bias added to a subroutine operand: fixed by how many subroutines the INDEX has. */
export function subrBias(count: number): number {
  return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}

// The two-byte operators a flattened charstring may carry: the flex family (hflex, flex,
// hflex1, flex1). The others are arithmetic and storage, refused above.
const FLEX = new Set([34, 35, 36, 37]);
/** Subroutines call subroutines at most this deep (the format's own limit is 10). */
const MAX_DEPTH = 10;

/** Grows as bytes are written; `length` is cut back to drop the last operand. */
class Out {
  bytes = new Uint8Array(256);
  length = 0;
  push(b: number) {
    if (this.length === this.bytes.length) {
      const wider = new Uint8Array(this.bytes.length * 2);
      wider.set(this.bytes);
      this.bytes = wider;
    }
    this.bytes[this.length++] = b;
  }
  copy(code: Uint8Array, from: number, n: number) {
    for (let k = 0; k < n; k++) this.push(code[from + k]);
  }
}

class Refused extends Error {}

/** A subroutine INDEX: how many entries, and one entry's bytes. */
export interface Subrs {
  count: number;
  at(index: number): Uint8Array | undefined;
}

/**
 * The charstring with every callsubr and callgsubr replaced by the subroutine's own bytes, or null
 * when it uses an operator this does not follow. `local` and `global` are the subroutine
 * INDEXes the glyph's charstring is run with.
 */
export function flattenCharstring(code: Uint8Array, local: Subrs, global: Subrs): Uint8Array | null {
  const out = new Out();
  // Each operand on the stack: where its bytes start in `out`, and its value.
  const starts: number[] = [];
  const values: number[] = [];
  let stems = 0;
  const localBias = subrBias(local.count);
  const globalBias = subrBias(global.count);

  /** Runs one charstring or subroutine; true once endchar has been met (nothing after it runs). */
  const run = (c: Uint8Array, depth: number): boolean => {
    let i = 0;
    while (i < c.length) {
      const b0 = c[i];
      if (b0 === 28 || b0 >= 32) {
        let n: number;
        let v: number;
        if (b0 === 28) {
          n = 3;
          v = ((c[i + 1] << 24) >> 16) | c[i + 2];
        } else if (b0 <= 246) {
          n = 1;
          v = b0 - 139;
        } else if (b0 <= 250) {
          n = 2;
          v = (b0 - 247) * 256 + c[i + 1] + 108;
        } else if (b0 <= 254) {
          n = 2;
          v = -(b0 - 251) * 256 - c[i + 1] - 108;
        } else {
          n = 5;
          v = ((c[i + 1] << 24) | (c[i + 2] << 16) | (c[i + 3] << 8) | c[i + 4]) / 65536;
        }
        starts.push(out.length);
        values.push(v);
        out.copy(c, i, n);
        i += n;
        continue;
      }
      switch (b0) {
        case 10:
        case 29: {
          // callsubr / callgsubr: the index operand's bytes are taken back and the subroutine's written instead.
          if (!values.length || depth >= MAX_DEPTH) throw new Refused();
          out.length = starts.pop()!;
          const subrs = b0 === 10 ? local : global;
          const sub = subrs.at(values.pop()! + (b0 === 10 ? localBias : globalBias));
          if (!sub) throw new Refused();
          if (run(sub, depth + 1)) return true;
          i += 1;
          continue;
        }
        case 11:
          // return: back to the caller, which goes on after its call.
          return false;
        case 14:
          out.push(14);
          return true;
        case 1:
        case 3:
        case 18:
        case 23:
          // hstem, vstem, hstemhm, vstemhm: a pair of operands per stem (an odd one first is the width).
          stems += values.length >> 1;
          break;
        case 19:
        case 20: {
          // hintmask, cntrmask: operands left before the first one are an implied vstemhm; then
          // one mask bit per stem, in whole bytes.
          stems += values.length >> 1;
          const maskBytes = (stems + 7) >> 3;
          out.push(b0);
          out.copy(c, i + 1, maskBytes);
          i += 1 + maskBytes;
          starts.length = 0;
          values.length = 0;
          continue;
        }
        case 12: {
          if (!FLEX.has(c[i + 1])) throw new Refused();
          out.push(12);
          out.push(c[i + 1]);
          i += 2;
          starts.length = 0;
          values.length = 0;
          continue;
        }
        case 4: case 5: case 6: case 7: case 8: case 21: case 22: case 24: case 25: case 26: case 27: case 30: case 31:
          // The path operators: written as they are; they clear the stack.
          break;
        default:
          // Reserved operators (0, 2, 9, 13, 15, 16, 17): not a charstring this follows.
          throw new Refused();
      }
      out.push(b0);
      i += 1;
      starts.length = 0;
      values.length = 0;
    }
    return false;
  };

  try {
    run(code, 0);
  } catch (e) {
    if (e instanceof Refused) return null;
    throw e;
  }
  return out.bytes.slice(0, out.length);
}
