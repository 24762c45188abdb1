// @vitest-environment jsdom
// useResourceSave in a small form inside Refine with an in-memory data provider: the schema's
// problems stop the save and show under their fields, the payload is what was checked, a refusal
// naming a shown field lands under it, and anything no field shows is the form's message line.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, type DataProvider } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { z } from "zod";
import { FormField, FormMessage } from "../../src/components/FormField";
import { useResourceSave } from "../../src/resources/useResourceSave";

const schema = z
  .object({
    name: z.string().trim().min(1, "请填写名称"),
    code: z.string().regex(/^\d{6}$/, "编码为6位数字"),
    kind: z.literal(1, { error: "类型不正确" }),
  })
  .strict();

interface Values {
  name: string;
  code: string;
  kind: number;
}

type Reply = { ok: Record<string, unknown> } | { refuse: { message: string; errors?: Record<string, string> } };

function provider(calls: Record<string, unknown>[], reply: () => Reply): DataProvider {
  const fail = () => Promise.reject(new Error("not used"));
  return {
    getApiUrl: () => "",
    getList: fail,
    getOne: fail,
    update: fail,
    deleteOne: fail,
    create: async ({ variables }) => {
      calls.push(variables as Record<string, unknown>);
      const r = reply();
      if ("refuse" in r) throw { message: r.refuse.message, statusCode: 400, errors: r.refuse.errors };
      return { data: r.ok as never };
    },
  } as DataProvider;
}

function NameForm({ kind = 1, onSaved }: { kind?: number; onSaved: (row: unknown) => void }) {
  const { control, submit, refusal } = useResourceSave<Values>({
    resource: "things",
    schema: () => schema,
    defaultValues: { name: "", code: "", kind },
    // `kind` has no input on this form.
    fields: () => ["name", "code"],
    toPayload: (v) => ({ ...v, code: v.code.trim() }),
    onSaved,
  });
  return (
    <Form onFinish={submit}>
      <FormField control={control} name="name" label="名称"><Input /></FormField>
      <FormField control={control} name="code" label="编码"><Input /></FormField>
      <FormMessage refusal={refusal} />
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

function setup(reply: () => Reply, kind?: number) {
  const calls: Record<string, unknown>[] = [];
  const saved: unknown[] = [];
  render(
    <Refine dataProvider={provider(calls, reply)} options={{ disableTelemetry: true }}>
      <NameForm kind={kind} onSaved={(row) => saved.push(row)} />
    </Refine>,
  );
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole("button", { name: /保\s*存/ }));
  return { calls, saved, fill, save };
}

afterEach(cleanup);

describe("useResourceSave", () => {
  it("shows the schema's problems under their fields and sends nothing", async () => {
    const { calls, save } = setup(() => ({ ok: {} }));
    save();
    expect(await screen.findByText("请填写名称")).toBeTruthy();
    expect(screen.getByText("编码为6位数字")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the payload it checked and hands on the saved row", async () => {
    const { calls, saved, fill, save } = setup(() => ({ ok: { id: 7 } }));
    fill("名称", "总部");
    fill("编码", " 100000 ");
    save();
    await waitFor(() => expect(saved).toEqual([{ id: 7 }]));
    expect(calls).toEqual([{ name: "总部", code: "100000", kind: 1 }]);
  });

  it("puts a refusal's field message under that field, with no message line", async () => {
    const { fill, save } = setup(() => ({ refuse: { message: "保存失败", errors: { code: "编码已被使用" } } }));
    fill("名称", "总部");
    fill("编码", "100000");
    save();
    expect(await screen.findByText("编码已被使用")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(screen.getByLabelText("编码").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a refusal that names no field of the form on the message line", async () => {
    const { fill, save } = setup(() => ({ refuse: { message: "最多保存50条", errors: { id: "编号不正确" } } }));
    fill("名称", "总部");
    fill("编码", "100000");
    save();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("最多保存50条"));
  });

  it("shows a schema problem on a key without an input on the message line, and sends nothing", async () => {
    const { calls, fill, save } = setup(() => ({ ok: {} }), 2);
    fill("名称", "总部");
    fill("编码", "100000");
    save();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("类型不正确"));
    expect(calls).toEqual([]);
  });
});
