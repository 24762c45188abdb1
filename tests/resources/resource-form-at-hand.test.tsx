// @vitest-environment jsdom
// useResourceForm over a record at hand (load: false, as the traveller, address and invoice-title
// forms use it: their page loads the row before the form mounts) in a small form inside Refine
// with an in-memory data provider: the schema's problems stop the save and show under their
// fields, the payload is what was checked (created, or updated by the row's id), a refusal naming
// a shown field lands under it, and anything no field shows is the form's message line.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, type DataProvider } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { z } from "zod";
import { FormField, FormMessage } from "../../src/components/FormField";
import { useResourceForm } from "../../src/resources/useResourceForm";

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
  const answer = async (call: Record<string, unknown>) => {
    calls.push(call);
    const r = reply();
    if ("refuse" in r) throw { message: r.refuse.message, statusCode: 400, errors: r.refuse.errors };
    return { data: r.ok as never };
  };
  return {
    getApiUrl: () => "",
    getList: fail,
    // The record is at hand: the form never reads it.
    getOne: fail,
    deleteOne: fail,
    create: ({ variables }) => answer(variables as Record<string, unknown>),
    update: ({ id, variables }) => answer({ updated: id, ...(variables as Record<string, unknown>) }),
  } as DataProvider;
}

function NameForm({ id, kind = 1, onSaved }: { id?: number; kind?: number; onSaved: (row: unknown) => void }) {
  const { control, submit, refusal } = useResourceForm<Values>({
    resource: "things",
    id,
    load: false,
    redirect: false,
    schema: () => schema,
    defaultValues: { name: id ? "分部" : "", code: "", kind },
    // `kind` has no input on this form.
    fields: () => ["name", "code"],
    input: (v) => ({ ...v, code: v.code.trim() }),
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

function setup(reply: () => Reply, kind?: number, id?: number) {
  const calls: Record<string, unknown>[] = [];
  const saved: unknown[] = [];
  render(
    <Refine dataProvider={provider(calls, reply)} options={{ disableTelemetry: true }}>
      <NameForm id={id} kind={kind} onSaved={(row) => saved.push(row)} />
    </Refine>,
  );
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole("button", { name: /保\s*存/ }));
  return { calls, saved, fill, save };
}

afterEach(cleanup);

describe("useResourceForm with the record at hand", () => {
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

  it("updates the row it was given, by its id, without reading it", async () => {
    const { calls, saved, fill, save } = setup(() => ({ ok: { id: 3 } }), 1, 3);
    expect((screen.getByLabelText("名称") as HTMLInputElement).value).toBe("分部");
    fill("编码", "200000");
    save();
    await waitFor(() => expect(saved).toEqual([{ id: 3 }]));
    expect(calls).toEqual([{ updated: 3, name: "分部", code: "200000", kind: 1 }]);
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
