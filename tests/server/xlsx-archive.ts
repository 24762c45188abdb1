// Workbooks written part by part, for the import limits' tests and bench: the few parts a sheet
// needs, a shared-strings part of any size, and a zip whose directory may say less than a part
// really unpacks to (as a hostile file would). Parts go in the order Excel writes them: the
// sheet before its shared strings.
import zlib from "node:zlib";

export interface Part {
  name: string;
  data: Buffer;
  /** The size the zip's headers declare; a hostile file declares less than the data inflates to. */
  declaredSize?: number;
}

/** A zip archive of the parts, each deflated. */
export function zipArchive(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, "utf8");
    const packed = zlib.deflateRawSync(p.data, { level: 9 });
    const crc = zlib.crc32(p.data);
    const size = p.declaredSize ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`, "utf8");
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Column letters of a 1-based column number (up to ZZ). */
const letters = (n: number) => (n > 26 ? String.fromCharCode(64 + Math.floor((n - 1) / 26)) : "") + String.fromCharCode(65 + ((n - 1) % 26));

/** One sheet's XML: each row's texts as inline strings (none shared), numbered from 1. */
export function sheetXml(rows: string[][], extra = ""): Buffer {
  const body = rows
    .map((cells, i) => `<row r="${i + 1}">${cells.map((v, j) => (v ? `<c r="${letters(j + 1)}${i + 1}" t="inlineStr"><is><t>${escape(v)}</t></is></c>` : "")).join("")}</row>`)
    .join("");
  return xml(`<worksheet xmlns="${MAIN}"><sheetData>${body}${extra}</sheetData></worksheet>`);
}

/** The workbook's parts around one sheet, and a shared-strings part when given. */
export function workbookParts(sheet: Part, sharedStrings?: Part): Part[] {
  return [
    { name: "[Content_Types].xml", data: xml(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`) },
    { name: "_rels/.rels", data: xml(`<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: "xl/workbook.xml", data: xml(`<workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: "xl/_rels/workbook.xml.rels", data: xml(`<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`) },
    { ...sheet, name: "xl/worksheets/sheet1.xml" },
    ...(sharedStrings ? [{ ...sharedStrings, name: "xl/sharedStrings.xml" }] : []),
  ];
}

/**
 * A shared-strings part of `count` one-letter strings, built without holding it as one JS
 * string (ten million of them are 170 MB of XML): `<si><t>x</t></si>` repeated.
 */
export function sharedStringsXml(count: number): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`, "utf8");
  const item = "<si><t>x</t></si>";
  const tail = Buffer.from("</sst>", "utf8");
  const out = Buffer.alloc(head.length + item.length * count + tail.length);
  head.copy(out, 0);
  out.fill(item, head.length, head.length + item.length * count, "utf8");
  tail.copy(out, head.length + item.length * count);
  return out;
}
