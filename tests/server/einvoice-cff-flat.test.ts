// A document's embedded font subset without subroutines (cff-flat.ts, cff-subset.ts): every
// glyph a document prints, read back from the flattened subset, has the very outline the font
// gives it, the subset names no subroutine and is smaller than fontkit's own; and the flattener
// follows calls, returns, endchar inside a subroutine and hint masks byte for byte.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import * as fontkit from "fontkit";
import { einvoiceFont, einvoiceFontFile } from "../../server/einvoices/pdf-font";
import { flattenCharstring, subrBias, type Subrs } from "../../server/einvoices/cff-flat";

type Glyph = { id: number; path: { toSVG(): string } };
type AnyFont = { createSubset(): { includeGlyph(gid: number): number; encode(): Uint8Array; glyphs: number[] }; glyphsForString(text: string): Glyph[]; getGlyph(id: number): Glyph };

/** The font file with its CFF table replaced, so fontkit reads the subset's outlines back. */
function withCff(file: Buffer, cff: Uint8Array): Buffer {
  const n = file.readUInt16BE(4);
  const tables: { tag: string; data: Buffer }[] = [];
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const tag = file.toString("latin1", at, at + 4);
    const offset = file.readUInt32BE(at + 8);
    const length = file.readUInt32BE(at + 12);
    tables.push({ tag, data: tag === "CFF " ? Buffer.from(cff) : file.subarray(offset, offset + length) });
  }
  const head = Buffer.alloc(12 + n * 16);
  file.copy(head, 0, 0, 12);
  const bodies: Buffer[] = [];
  let offset = head.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    head.write(t.tag, at, "latin1");
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

const TEXT =
  "电子发票（航空运输电子客票行程单）（红字）沙箱环境 · 非正式发票，不可用于报销入账 发票号码：开票日期：对应蓝字发票：第号凭证 购买方名称统一社会信用代码/纳税人识别号销售方" +
  "项目名称运输服务*国内航空旅客运输服务入住人旅客姓名有效身份证件号码订单确认号电子客票号码车次/席别酒店房型入住离店晚间承运人航班号自至日期时间座位等级票价燃油附加费民航发展基金不征税" +
  "金额不含税税率税额价税合计大写小写¥0123456789.,-—%壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整零陈静杨帆黄磊李明王芳赵强吴刚刘建国北京上海广州深圳成都经济舱公务舱头等舱二等座一等座商务座中国国际东方南方演示企业有限公司差旅服务" +
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("flattened CFF subsets", { timeout: 60_000 }, () => {
  it("give every glyph of a document the outline the font gives it, name no subroutine, and are smaller", () => {
    const file = fs.readFileSync(einvoiceFontFile());
    const original = fontkit.create(file) as unknown as AnyFont;
    const font = einvoiceFont() as unknown as AnyFont;
    const glyphs = [...new Set(original.glyphsForString(TEXT).map((g) => g.id))];
    expect(glyphs.length).toBeGreaterThan(200);

    const flat = font.createSubset();
    const own = original.createSubset();
    for (const gid of glyphs) {
      flat.includeGlyph(gid);
      own.includeGlyph(gid);
    }
    const flatBytes = flat.encode();
    const ownBytes = own.encode();
    expect(flatBytes.length).toBeLessThan(ownBytes.length);

    const back = fontkit.create(withCff(file, flatBytes)) as unknown as AnyFont & { "CFF ": { globalSubrIndex: unknown[]; topDict: { FDArray: { Private?: { Subrs?: unknown[] } }[] } } };
    expect(back["CFF "].globalSubrIndex).toHaveLength(0);
    expect(back["CFF "].topDict.FDArray.every((fd) => !fd.Private?.Subrs?.length)).toBe(true);
    flat.glyphs.forEach((gid, i) => {
      expect(back.getGlyph(i).path.toSVG(), `glyph ${gid}`).toBe(original.getGlyph(gid).path.toSVG());
    });
  });

  it("writes subroutines in place of their calls, and copies hint masks for the stems declared", () => {
    const subrs = (list: number[][]): Subrs => ({ count: list.length, at: (i) => (list[i] ? Uint8Array.from(list[i]) : undefined) });
    // Local subroutine 0 (operand -107 with the bias of a short INDEX) draws a line and returns;
    // global subroutine 1 (-106) ends the glyph itself.
    const local = subrs([[139 + 10, 139 + 20, 5, 11]]);
    const global = subrs([[11], [14]]);
    expect(subrBias(1)).toBe(107);
    // width, hstem pair; vstem pair; hintmask of 2 stems (1 byte); rmoveto; callsubr 0; callgsubr 1.
    const code = Uint8Array.from([139 + 50, 139, 139 + 10, 1, 139, 139 + 5, 3, 19, 0b11000000, 139, 139, 21, 139 - 107, 10, 139 - 106, 29]);
    expect(Array.from(flattenCharstring(code, local, global)!)).toEqual([139 + 50, 139, 139 + 10, 1, 139, 139 + 5, 3, 19, 0b11000000, 139, 139, 21, 139 + 10, 139 + 20, 5, 14]);
    // An implied vstem before the first hintmask counts too: 9 stems take 2 mask bytes.
    const many = Uint8Array.from([...Array(16).fill(139), 18, 139, 139, 19, 0xff, 0x80, 14]);
    expect(Array.from(flattenCharstring(many, subrs([]), subrs([]))!)).toEqual(Array.from(many));
    // Arithmetic operators are not followed: the caller keeps fontkit's subset.
    expect(flattenCharstring(Uint8Array.from([139, 139, 12, 10, 14]), subrs([]), subrs([]))).toBeNull();
  });
});
