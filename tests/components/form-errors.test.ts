// The form resolver over a src/domain-style schema: problems by dotted path, moved onto the fields
// that show them when the form's fields are not the schema's keys, the first per field; and a
// server refusal's field messages placed the same way.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { applyRefusal } from "../../src/components/FormField";
import { errorMessages, flatErrors, schemaResolver, unshownProblem } from "../../src/components/form-errors";

const schema = z
  .object({
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "请选择出发日期"),
    endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "请选择返回日期"),
    budgetFen: z.number({ error: "预算不正确" }).int().min(1, "预算不正确"),
    rows: z.array(z.object({ name: z.string().min(1, "请填写姓名") })).min(1, "至少一行"),
  })
  .strict();

interface Values {
  dates: [string, string];
  budget: string;
  rows: { name: string }[];
}
const input = (v: Values) => ({ startDate: v.dates[0], endDate: v.dates[1], budgetFen: Number(v.budget) * 100 || "x", rows: v.rows });
const fieldOf = (path: string) => (/^(start|end)Date$/.test(path) ? "dates" : path === "budgetFen" ? "budget" : path);
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };

describe("form errors", () => {
  it("flattens nested and list errors, a list's own problem under the list", () => {
    const errors = { a: { type: "x", message: "A" }, rows: Object.assign([undefined, { name: { type: "x", message: "N" } }], { root: { type: "x", message: "R" } }) };
    expect(errorMessages(errors as never)).toEqual({ a: "A", rows: "R", "rows.1.name": "N" });
    expect(Object.keys(flatErrors({}))).toEqual([]);
  });

  it("names the first problem no shown field displays", () => {
    const errors = { name: { type: "x", message: "名" }, id: { type: "x", message: "编号不正确" } };
    expect(unshownProblem(errors as never, ["name"])).toBe("编号不正确");
    expect(unshownProblem(errors as never, ["name", "id"])).toBeNull();
    expect(unshownProblem({ rows: [{ name: { type: "x", message: "N" } }] } as never, ["rows"])).toBeNull();
  });

  it("checks the input made from the values and puts each problem on its field, once", async () => {
    const resolver = schemaResolver<Values>(() => schema, { raw: true, input, fieldOf });
    const bad = await resolver({ dates: ["", ""], budget: "", rows: [{ name: "" }] }, undefined, OPTIONS);
    expect(errorMessages(bad.errors)).toEqual({ dates: "请选择出发日期", budget: "预算不正确", "rows.0.name": "请填写姓名" });
    const empty = await resolver({ dates: ["2026-12-10", "2026-12-13"], budget: "12", rows: [] }, undefined, OPTIONS);
    expect(errorMessages(empty.errors)).toEqual({ rows: "至少一行" });
  });

  it("hands the submit handler what it checked", async () => {
    const resolver = schemaResolver<Values>(() => schema, { raw: true, input, fieldOf });
    const ok = await resolver({ dates: ["2026-12-10", "2026-12-13"], budget: "12", rows: [{ name: "王工" }] }, undefined, OPTIONS);
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({ startDate: "2026-12-10", endDate: "2026-12-13", budgetFen: 1200, rows: [{ name: "王工" }] });
  });

  it("places a refusal's field messages through the same mapping, else returns its text", () => {
    const placed: Record<string, string> = {};
    const set = (name: string, e: { message?: string }) => void (placed[name] = String(e.message));
    const refusal = { message: "保存失败", errors: { endDate: "返回日期不能早于出发日期", startDate: "另一条", budgetFen: ["预算超限"] } };
    expect(applyRefusal<Values>(refusal, ["dates", "budget"], set as never, fieldOf)).toBeNull();
    expect(placed).toEqual({ dates: "返回日期不能早于出发日期", budget: "预算超限" });
    expect(applyRefusal<Values>({ message: "余额不足", errors: { other: "x" } }, ["dates"], set as never, fieldOf)).toBe("余额不足");
  });
});
