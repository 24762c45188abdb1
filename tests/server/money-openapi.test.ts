// Every money field the OpenAPI document describes says its unit: integer fen, or yuan text
// where a form or an outside API fixes it. A new amount without one fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { withMoneyUnits } from "../../server/services/http/openapi";

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await startHarness({ seed: false });
  doc = (await h.app.inject({ method: "GET", url: "/api/docs/json" })).json();
});
afterAll(() => h?.close());

// Names that hold an amount (a boolean flag such as acceptPrice is not one).
const MONEY_NAME = /(fen|amount|price|pricemin|pricemax|fee|balance|budget|total|premium|limit|used|available|cap)$/i;
const isFlag = (s: any) => s?.type === "boolean" || (s?.anyOf ?? []).some((x: any) => x.type === "boolean");

type Field = { where: string; name: string; schema: any };
function fields(s: any, where: string, out: Field[] = []): Field[] {
  if (!s || typeof s !== "object") return out;
  for (const [name, p] of Object.entries<any>(s.properties ?? {})) {
    out.push({ where: `${where}.${name}`, name, schema: p });
    fields(p, `${where}.${name}`, out);
  }
  if (s.items) fields(s.items, `${where}[]`, out);
  for (const x of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) fields(x, where, out);
  return out;
}

function allFields(): Field[] {
  const out: Field[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const at = `${method.toUpperCase()} ${path}`;
      fields(op.requestBody?.content?.["application/json"]?.schema, `${at} body`, out);
      for (const p of op.parameters ?? []) {
        out.push({ where: `${at} ?${p.name}`, name: p.name, schema: p.schema });
        fields(p.schema, `${at} ?${p.name}`, out);
      }
      fields(op.responses?.["200"]?.content?.["application/json"]?.schema?.properties?.data, `${at} data`, out);
    }
  }
  return out;
}

describe("OpenAPI money units", () => {
  it("marks every money field with its unit, fen or yuan", () => {
    const money = allFields().filter((f) => MONEY_NAME.test(f.name) && !isFlag(f.schema));
    expect(money.length).toBeGreaterThan(20);
    const unmarked = money.filter((f) => !["fen", "yuan"].includes(f.schema?.["x-unit"]) || !/单位：(分|元)/.test(f.schema?.description ?? "")).map((f) => f.where);
    expect(unmarked).toEqual([]);
    // A field named …Fen is never documented as yuan.
    expect(money.filter((f) => /Fen$/.test(f.name) && f.schema["x-unit"] !== "fen").map((f) => f.where)).toEqual([]);
  });

  it("documents the account reply in fen, and the form amounts and the agreed service fee as yuan text", () => {
    const data = doc.paths["/api/account/AppAccount"].post.responses["200"].content["application/json"].schema.properties.data;
    for (const key of ["balanceFen", "frozenFen", "availableFen", "creditLimitFen", "creditUsedFen", "creditAvailableFen"]) {
      expect(data.properties[key], key).toMatchObject({ type: "integer", "x-unit": "fen" });
    }
    expect(data.properties.points["x-unit"]).toBeUndefined();
    const body = (path: string) => doc.paths[path].post.requestBody.content["application/json"].schema.properties;
    const yuanInputs = allFields().filter((f) => f.schema?.["x-unit"] === "yuan").map((f) => f.where);
    expect(yuanInputs.length).toBeGreaterThanOrEqual(3);
    for (const w of yuanInputs) expect(w).toMatch(/ body\.amount$|dometicketServerFee$/);
    expect(body("/api/hotel/search/list_credit").priceMin["x-unit"]).toBe("fen");
    const info = doc.paths["/api/member/info"].post.responses["200"].content["application/json"].schema.properties.data;
    expect(info.properties.serverItem.properties.dometicketServerFee["x-unit"]).toBe("yuan");
    expect(doc.info.description).toMatch(/整数分/);
  });

  it("marks …Fen names and the members of an object of amounts, keeping a field's own description", () => {
    const out = withMoneyUnits({
      type: "object",
      properties: { payFen: { type: "integer", description: "应付" }, capsFen: { type: "object", properties: { tier1: { type: "integer" } } }, note: { type: "string" } },
    });
    expect(out.properties.payFen).toMatchObject({ "x-unit": "fen", description: expect.stringMatching(/^金额，单位：分.*；应付$/) });
    expect(out.properties.capsFen.properties.tier1["x-unit"]).toBe("fen");
    expect(out.properties.note["x-unit"]).toBeUndefined();
  });
});
