// @vitest-environment jsdom
// The 报销凭证 section of an order's detail page, through Refine with an in-memory data provider:
// each document's state (a red-letter one under its original), a business trip's title shown and
// not chosen, a private trip's saved title chosen, a request posted with the schema's fields, and an
// email address checked before sending.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Refine, type DataProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { i18n, i18nProvider, loadAllTexts } from "../../src/providers/i18n-provider";
import { resources } from "../../src/resources";
import { fakeProvider, type Call } from "../resources/form-harness";
import ReimbursementSection from "../../src/components/einvoice/ReimbursementSection";
import { EINVOICE_PATHS, type EinvoiceOrderView, type EinvoiceView } from "../../src/domain/einvoice/schemas";

beforeAll(async () => {
  await loadAllTexts();
  await i18n.changeLanguage("zh-CN");
});
afterEach(cleanup);

const doc = (over: Partial<EinvoiceView>): EinvoiceView => ({
  id: 1, orderId: 7, passengerId: 11, passengerName: "李明", certNoMasked: "1101********1234", ticketNo: "781-1234567890",
  kind: "air", kindLabel: "电子发票（航空运输电子客票行程单）", direction: "blue", originalId: null, status: "issued", statusLabel: "已开具",
  buyerName: "个人", buyerTaxNo: null, email: null, number: "26110000000000000001", issuedAt: "2026-11-20 10:00:00", sandbox: true,
  totalFen: 88_000, taxFen: 7_266, exemptFen: 5_000, rateBp: 900, createTime: "2026-11-20 09:59:00", ...over,
});

interface CustomCall { url: string; payload: unknown }

function show(view: EinvoiceOrderView, refuse?: (url: string) => string | undefined) {
  const calls: Call[] = [];
  const customs: CustomCall[] = [];
  const base = fakeProvider({ rows: { invoiceTitles: [{ id: 5, title: "北京某某科技有限公司", titleType: 2 }] } }, calls);
  const provider: DataProvider = {
    ...base,
    custom: async ({ url, payload }) => {
      customs.push({ url, payload });
      const refusal = refuse?.(url);
      if (refusal) throw { message: refusal, statusCode: 409 };
      return { data: (url === EINVOICE_PATHS.list ? view : {}) as never };
    },
  };
  render(
    <MemoryRouter>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AntdApp>
          <Refine dataProvider={provider} routerProvider={routerProvider} i18nProvider={i18nProvider} resources={resources} options={{ disableTelemetry: true }}>
            <div data-testid="page"><ReimbursementSection orderId={7} /></div>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </MemoryRouter>,
  );
  return { calls, customs };
}

const privateView: EinvoiceOrderView = {
  list: [
    doc({ id: 1, status: "reversed", statusLabel: "已红冲" }),
    doc({ id: 2, direction: "red", originalId: 1, status: "issued", totalFen: -88_000, number: "26110000000000000002" }),
    doc({ id: 3, passengerId: 12, passengerName: "王芳", status: "issuing", number: null }),
    doc({ id: 4, passengerId: 13, passengerName: "赵强", status: "pending", number: null, kind: "service" }),
  ],
  subjects: [{ passengerId: 11, passengerName: "李明", ticketNo: "781-1234567890", kinds: ["ticket", "service"] }],
  business: false,
  companyName: null,
};

describe("报销凭证 section", { timeout: 90_000 }, () => {
  it("shows each document's state, the red-letter one under its original, and what may still be asked", async () => {
    show(privateView);
    await screen.findByTestId("einvoice-section", {}, { timeout: 15_000 });
    const states = screen.getAllByTestId("einvoice-status").map((e) => e.textContent);
    expect(states).toEqual(["已红冲", "已开具", "开具中", "待开具", "未申请", "未申请"]);
    expect(screen.getByText("红字")).toBeTruthy();
    // Only issued (or reversed) documents have files: two documents' actions.
    expect(screen.getAllByRole("button", { name: "下载 PDF" })).toHaveLength(2);
    // 李明's ticket was reversed, so it may be asked again; the service fee has not been asked.
    expect(screen.getAllByRole("button", { name: "申请开具" })).toHaveLength(2);
  });

  it("renders nothing for an order without documents", async () => {
    const { customs } = show({ list: [], subjects: [], business: false, companyName: null });
    await waitFor(() => expect(customs.length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("page").textContent).toBe("");
  });

  it("shows a business trip's company title fixed and posts the request", async () => {
    const { customs } = show({ list: [], subjects: [{ passengerId: 21, passengerName: "陈静", ticketNo: "E123", kinds: ["ticket"] }], business: true, companyName: "示例科技有限公司" });
    fireEvent.click(await screen.findByRole("button", { name: "申请开具" }, { timeout: 15_000 }));
    expect((await screen.findByTestId("einvoice-company-title")).textContent).toBe("示例科技有限公司");
    expect(screen.queryByTestId("einvoice-title-select")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    await waitFor(() => expect(customs.some((c) => c.url === EINVOICE_PATHS.request)).toBe(true));
    expect(customs.find((c) => c.url === EINVOICE_PATHS.request)!.payload).toEqual({ orderId: 7, passengerId: 21, kind: "ticket", title: "company" });
    // The list is read again after the request.
    await waitFor(() => expect(customs.filter((c) => c.url === EINVOICE_PATHS.list).length).toBe(2));
  });

  it("asks a private trip's document for 个人 by default, and shows a refusal in the dialog", async () => {
    const { customs, calls } = show(privateView, (url) => (url === EINVOICE_PATHS.request ? "该客票已申请报销凭证" : undefined));
    fireEvent.click((await screen.findAllByRole("button", { name: "申请开具" }, { timeout: 15_000 }))[1]);
    expect(await screen.findByTestId("einvoice-title-select")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.op === "getList" && c.resource === "invoiceTitles")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    expect(await screen.findByText("该客票已申请报销凭证")).toBeTruthy();
    expect(customs.find((c) => c.url === EINVOICE_PATHS.request)!.payload).toEqual({ orderId: 7, passengerId: 11, kind: "service", title: "personal" });
  });

  it("asks a private trip's document for one of the member's saved titles, chosen in the dialog", async () => {
    const { customs } = show(privateView);
    fireEvent.click((await screen.findAllByRole("button", { name: "申请开具" }, { timeout: 15_000 }))[0]);
    const select = await screen.findByRole("combobox", { name: "发票抬头" });
    // The saved titles come from the member's invoiceTitles resource, after 个人.
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle("北京某某科技有限公司"));
    await waitFor(() => expect(screen.getByTestId("einvoice-title-select").textContent).toContain("北京某某科技有限公司"));
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    await waitFor(() => expect(customs.some((c) => c.url === EINVOICE_PATHS.request)).toBe(true));
    expect(customs.find((c) => c.url === EINVOICE_PATHS.request)!.payload).toEqual({ orderId: 7, passengerId: 11, kind: "ticket", title: "saved", titleId: 5 });
  });

  it("checks the email address before sending", async () => {
    const { customs } = show(privateView);
    fireEvent.click((await screen.findAllByRole("button", { name: "发送到邮箱" }, { timeout: 15_000 }))[0]);
    const input = await screen.findByLabelText("邮箱");
    fireEvent.change(input, { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "发送" }));
    expect(await screen.findByText("请输入正确的邮箱")).toBeTruthy();
    expect(customs.some((c) => c.url === EINVOICE_PATHS.email)).toBe(false);
    fireEvent.change(input, { target: { value: " liming@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "发送" }));
    await waitFor(() => expect(customs.some((c) => c.url === EINVOICE_PATHS.email)).toBe(true));
    expect(customs.find((c) => c.url === EINVOICE_PATHS.email)!.payload).toEqual({ id: 1, email: "liming@example.com" });
  });
});
