// JSON text made elsewhere (SQLite writes a page's rows as JSON) placed into a reply as it is,
// without being parsed and written out again. Node 20 has no JSON.rawJSON, so while the reply
// serializer runs, each RawJson writes a marker string, which is then replaced by its text.
import { randomBytes } from "node:crypto";

// A per-process nonce: no stored or submitted string can be mistaken for a marker.
const MARK = `\u0000raw-${randomBytes(8).toString("hex")}-`;
const MARKER = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replaceAll("\\", "\\\\")}(\\d+)"`, "g");

let placed: string[] | null = null;

export class RawJson {
  /** `text` must be valid JSON: it is sent as it is. */
  constructor(readonly text: string) {}

  toJSON(): unknown {
    // Outside the reply serializer (a log line, a test) the value is what the text says.
    if (!placed) return JSON.parse(this.text);
    placed.push(this.text);
    return MARK + (placed.length - 1);
  }
}

/**
 * The reply serializer: JSON.stringify, with every RawJson's text in its place. A reply with
 * raw parts is written straight into one buffer: joined into a string first, the reply became a
 * two-byte string (for its Chinese message) that was copied whole again before being encoded.
 */
export function serializeReply(payload: unknown): string | Buffer {
  placed = [];
  try {
    const json = JSON.stringify(payload);
    if (placed.length === 0) return json;
    const parts: string[] = [];
    let from = 0;
    for (const m of json.matchAll(MARKER)) {
      parts.push(json.slice(from, m.index), placed[Number(m[1])]);
      from = m.index + m[0].length;
    }
    parts.push(json.slice(from));
    let size = 0;
    for (const part of parts) size += Buffer.byteLength(part);
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    for (const part of parts) at += out.write(part, at);
    return out;
  } finally {
    placed = null;
  }
}
