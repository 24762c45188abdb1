// The compact MD5 of the button keys gives what crypto-js (the server's and the stored keys'
// source) gives, for ASCII, Chinese, emoji and the padding's edge lengths.
import MD5 from "crypto-js/md5";
import { describe, expect, it } from "vitest";
import { md5Hex } from "../../src/access/md5";

describe("md5Hex", () => {
  it("matches the RFC's examples", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5Hex("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(md5Hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890")).toBe("57edf4a22be3c955ac49da2e2107b67a");
  });

  it("matches crypto-js on permission ids, Chinese, emoji and every length around a block", () => {
    const texts = ["a:b:c", "myCenter:orders:refund", "机票订单", "✈️ 出行 🚄", ...Array.from({ length: 140 }, (_, n) => "x".repeat(n))];
    for (const text of texts) expect(md5Hex(text), text).toBe(MD5(text).toString());
  });
});
