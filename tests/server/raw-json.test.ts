// JSON made by the database goes into a reply as it is, and nothing else is mistaken for it.
import { describe, expect, it } from "vitest";
import { RawJson, serializeReply } from "../../server/services/http/raw-json";

describe("raw JSON in replies", () => {
  it("places each text where its value stands, once each", () => {
    const reply = { ret: 0, msg: "成功", data: { list: new RawJson('[{"a":1,"b":"北京"}]'), other: new RawJson("[]"), total: 1 } };
    const text = serializeReply(reply).toString();
    expect(text).toBe('{"ret":0,"msg":"成功","data":{"list":[{"a":1,"b":"北京"}],"other":[],"total":1}}');
  });

  it("leaves strings that look like markers alone, and replies without raw parts unchanged", () => {
    const lookalike = { a: "\u0000raw-0", b: '"\\u0000raw-0"', c: [1, null, "x"] };
    expect(serializeReply(lookalike)).toBe(JSON.stringify(lookalike));
    expect(serializeReply({ list: new RawJson("[1]"), note: "\u0000raw-0" }).toString()).toBe('{"list":[1],"note":"\\u0000raw-0"}');
  });

  it("reads as its value outside a reply (a log line, a test)", () => {
    expect(JSON.stringify({ list: new RawJson('[{"a":1}]') })).toBe('{"list":[{"a":1}]}');
  });
});
