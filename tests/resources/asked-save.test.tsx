// @vitest-environment jsdom
// A console form's save asked first (useAskedSave): a question not answered yes sends nothing, a
// yes sends the values once through Refine's save and reports the reply, a refusal lands under
// its field (or on the form), and a second press while the question is open does nothing.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useForm } from "@refinedev/react-hook-form";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { z } from "zod";
import { FormField, FormMessage, QUIET_SAVE } from "../../src/components/FormField";
import { schemaResolver } from "../../src/components/form-errors";
import { i18n } from "../../src/providers/i18n-provider";
import { useAskedSave } from "../../src/resources/useAskedSave";
import { refused, renderForm } from "./form-harness";

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

type Values = { limit: string };
const schema = () => z.object({ limit: z.string().min(1, "请输入额度") });

function LimitForm({ saved }: { saved: (reply: BaseRecord | undefined) => void }) {
  const form = useForm<BaseRecord, HttpError, Values>({
    mode: "onSubmit",
    defaultValues: { limit: "" },
    resolver: schemaResolver<Values>(schema, { raw: true }),
    refineCoreProps: { resource: "ops-companies", action: "edit", id: 3, meta: { updateAction: "credit" }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const { state, submit, saving } = useAskedSave(form, {
    ask: (v) => (v.limit === "0" ? null : { title: `额度改为 ${v.limit} 元？` }),
    fields: ["limit"],
    onSaved: saved,
  });
  return (
    <Form onFinish={() => void submit()}>
      <FormField control={form.control} name="limit" label="额度">
        <Input aria-label="额度" />
      </FormField>
      <Button htmlType="submit" loading={saving}>保存</Button>
      <FormMessage refusal={state.refusal} />
    </Form>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText("额度"), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));
/** The newest confirm dialog (jsdom never runs the closing animation, so closed ones stay in the page). */
const dialog = async (n: number) => {
  await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(n));
  return screen.getAllByRole("dialog")[n - 1];
};

describe("a save asked first (useAskedSave)", () => {
  it("sends nothing when the question is cancelled, and once when it is answered yes", async () => {
    const replies: (BaseRecord | undefined)[] = [];
    const { calls } = renderForm(<LimitForm saved={(r) => replies.push(r)} />, {});
    type("5000");
    save();
    expect((await dialog(1)).textContent).toContain("额度改为 5000 元？");
    fireEvent.click(within(await dialog(1)).getByRole("button", { name: "取消" }));

    save();
    const second = await dialog(2);
    expect(calls.filter((c) => c.op === "update")).toEqual([]);
    save(); // pressed again while the question is open: no second question, nothing sent
    fireEvent.click(within(second).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(replies).toHaveLength(1));
    expect(calls.filter((c) => c.op === "update")).toEqual([{ op: "update", resource: "ops-companies", id: 3, variables: { limit: "5000" }, meta: { updateAction: "credit" } }]);
    expect(replies[0]).toMatchObject({ id: 3, limit: "5000" });
    expect(screen.getAllByRole("dialog")).toHaveLength(2);
  });

  it("sends at once when there is nothing to ask, and places a refusal under its field or on the form", async () => {
    let refusal: HttpError | undefined = refused("额度超出上限", { limit: "额度不能超过 100 万元" });
    const { calls } = renderForm(<LimitForm saved={() => undefined} />, { refuse: () => refusal });
    type("0");
    save();
    expect(await screen.findByText("额度不能超过 100 万元")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    refusal = refused("企业已停用", {});
    save();
    expect(await screen.findByText("企业已停用")).toBeTruthy();
    expect(calls.filter((c) => c.op === "update")).toHaveLength(2);
  });

  it("checks the values first: nothing is asked or sent while a field is wrong", async () => {
    const { calls } = renderForm(<LimitForm saved={() => undefined} />, {});
    save();
    expect(await screen.findByText("请输入额度")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.op === "update")).toEqual([]);
  });
});
