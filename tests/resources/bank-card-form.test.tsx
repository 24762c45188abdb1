// @vitest-environment jsdom
// Binding a bank card through Refine: the bank is read by the typed number (useOne on bank-types),
// a save is Refine's create of bank-cards with the checked input, and a refusal of the SMS code
// lands under that field.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { BindCardDialog } from "../../src/resources/withdrawals/BankCards";
import { refused, renderForm, type FakeData } from "./form-harness";

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const CARD = "6222020000000000000";
const records = { "bank-types": { id: CARD, code: "ICBC", name: "中国工商银行" } };
const open = (data: FakeData = {}) => renderForm(<BindCardDialog onClose={() => undefined} />, { records, ...data });

async function fill() {
  fireEvent.change(await screen.findByLabelText("银行卡号", {}, { timeout: 15_000 }), { target: { value: CARD } });
  expect(await screen.findByTestId("bank-name")).toBeTruthy();
  fireEvent.change(screen.getByLabelText("持卡人"), { target: { value: "李明" } });
  fireEvent.change(screen.getByLabelText(/短信验证码/), { target: { value: "123456" } });
  fireEvent.click(screen.getByRole("button", { name: "确认绑定" }));
}

describe("bind a bank card (Refine useForm)", () => {
  it("reads the bank by the number and binds through Refine's create", async () => {
    const { calls } = open();
    await fill();
    await waitFor(() => expect(calls.some((c) => c.op === "create")).toBe(true));
    expect(calls.find((c) => c.op === "getOne")).toEqual({ op: "getOne", resource: "bank-types", id: CARD });
    expect(calls.find((c) => c.op === "create")).toEqual({ op: "create", resource: "bank-cards", variables: { cardNo: CARD, holderName: "李明", smsCode: "123456" } });
  });

  it("shows a refusal of smsCode under the code", async () => {
    open({ refuse: () => refused("绑定失败", { smsCode: "验证码错误" }) });
    await fill();
    expect(await screen.findByText("验证码错误")).toBeTruthy();
  });
});
