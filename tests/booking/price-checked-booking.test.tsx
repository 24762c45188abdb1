// @vitest-environment jsdom
// usePriceCheckedBooking inside Refine with an in-memory data provider: a price the server says moved
// asks the buyer, fetches the fare again and books again only with their consent (acceptPrice);
// a refusal naming a field lands under it, anything else is a message.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, type DataProvider } from "@refinedev/core";
import { App as AntdApp, Button, Form, Input } from "antd";
import { useForm } from "react-hook-form";
import { FormField } from "../../src/components/FormField";
import { usePriceCheckedBooking } from "../../src/booking/shared/usePriceCheckedBooking";

interface Values {
  contactName: string;
  passengers: { name: string }[];
}

type Reply = { id: number } | { message: string; data?: Record<string, unknown>; errors?: Record<string, string> };

function provider(calls: Record<string, unknown>[], replies: Reply[]): DataProvider {
  const fail = () => Promise.reject(new Error("not used"));
  return {
    getApiUrl: () => "",
    getList: fail,
    getOne: fail,
    update: fail,
    deleteOne: fail,
    create: async ({ resource, variables }) => {
      calls.push({ resource, ...(variables as Record<string, unknown>) });
      const r = replies.shift()!;
      if ("message" in r) throw { statusCode: 200, ...r };
      return { data: r as never };
    },
  } as DataProvider;
}

function BookingForm({ onBooked, onStale }: { onBooked: (id: number) => void; onStale: () => void }) {
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: { contactName: "李明", passengers: [{ name: "王芳" }] } });
  const { book } = usePriceCheckedBooking<Values, Values>({
    resource: "flight-bookings",
    texts: "flightOrder",
    valuesOf: ({ contactName, passengers }) => ({ contactName, passengers: passengers.map((p) => p.name).join() }),
    onBooked: (order) => onBooked(order.id),
    onStale,
    fieldsOf: () => ["contactName"],
    setError,
  });
  return (
    <Form onFinish={() => void handleSubmit((v) => book(v))()}>
      <FormField control={control} name="contactName" label="联系人"><Input /></FormField>
      <Button htmlType="submit">提交订单</Button>
    </Form>
  );
}

function setup(replies: Reply[]) {
  const calls: Record<string, unknown>[] = [];
  const booked: number[] = [];
  let stale = 0;
  render(
    <Refine dataProvider={provider(calls, replies)} options={{ disableTelemetry: true }}>
      <AntdApp>
        <BookingForm onBooked={(id) => booked.push(id)} onStale={() => stale++} />
      </AntdApp>
    </Refine>,
  );
  fireEvent.click(screen.getByRole("button", { name: /提交订单/ }));
  return { calls, booked, stale: () => stale };
}

afterEach(cleanup);

describe("usePriceCheckedBooking", () => {
  it("books at once when the price holds", async () => {
    const { calls, booked, stale } = setup([{ id: 7 }]);
    await waitFor(() => expect(booked).toEqual([7]));
    expect(calls).toEqual([{ resource: "flight-bookings", contactName: "李明", passengers: "王芳" }]);
    expect(stale()).toBe(0);
  });

  it("asks before booking at a changed price, refreshes the fare, and books again with consent", async () => {
    const { calls, booked, stale } = setup([{ message: "票价已由 ¥800 变为 ¥860", data: { priceChanged: true } }, { id: 8 }]);
    expect(await screen.findByText("票价已由 ¥800 变为 ¥860")).toBeTruthy();
    expect(stale()).toBe(1);
    expect(booked).toEqual([]);
    fireEvent.click(document.querySelector(".ant-modal-confirm-btns .ant-btn-primary")!);
    await waitFor(() => expect(booked).toEqual([8]));
    expect(calls).toEqual([
      { resource: "flight-bookings", contactName: "李明", passengers: "王芳" },
      { resource: "flight-bookings", contactName: "李明", passengers: "王芳", acceptPrice: 1 },
    ]);
  });

  it("puts a refusal's field message under that field", async () => {
    const { booked } = setup([{ message: "预订失败", errors: { contactName: "联系人姓名不正确" } }]);
    expect(await screen.findByText("联系人姓名不正确")).toBeTruthy();
    expect(screen.getByLabelText("联系人").getAttribute("aria-invalid")).toBe("true");
    expect(booked).toEqual([]);
  });
});
