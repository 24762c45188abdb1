// @vitest-environment jsdom
// A booking form kept across a sign-in (useKeptForm with usePriceCheckedBooking, inside Refine with
// an in-memory data provider): a submit the server refuses as an expired session (401) adds no
// message of its own (the request layer says it once) and leaves what was typed in sessionStorage;
// the page opened again puts it back, except what the page decides (the price); once the order is
// created the copy is gone.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, type DataProvider } from "@refinedev/core";
import { App as AntdApp, Button, Form, Input } from "antd";
import { useForm } from "react-hook-form";
import { FormField, applyRefusal, sessionEnded } from "../../src/components/FormField";
import { usePriceCheckedBooking } from "../../src/booking/shared/usePriceCheckedBooking";
import { readKeptForm, useKeptForm } from "../../src/booking/shared/useKeptForm";
import { setStoredUser } from "../../src/providers/session-store";

interface Values {
  contactName: string;
  price: number;
}

const EXPIRED = { statusCode: 401, kind: "unauthorised", message: "登录已过期，请重新登录" };

function provider(replies: ({ id: number } | typeof EXPIRED)[], sent: Record<string, unknown>[]): DataProvider {
  const fail = () => Promise.reject(new Error("not used"));
  return {
    getApiUrl: () => "", getList: fail, getOne: fail, update: fail, deleteOne: fail,
    create: async ({ variables }) => {
      sent.push(variables as Record<string, unknown>);
      const r = replies.shift()!;
      if ("kind" in r) throw r;
      return { data: r as never };
    },
  } as DataProvider;
}

function BookingForm({ price, onBooked }: { price: number; onBooked: (id: number) => void }) {
  const { control, handleSubmit, setError, reset, getValues } = useForm<Values>({ defaultValues: { contactName: "", price } });
  const kept = useKeptForm<Values>("train:test", { reset, getValues }, ["price"]);
  const { book } = usePriceCheckedBooking<Values, Values>({
    resource: "flight-bookings", texts: "flightOrder", valuesOf: (v) => ({ ...v }), onBooked: (o) => onBooked(o.id), onStale: () => {}, fieldsOf: () => ["contactName"], setError, kept,
  });
  return (
    <Form onFinish={() => void handleSubmit((v) => book(v))()}>
      <FormField control={control} name="contactName" label="联系人"><Input /></FormField>
      <Button htmlType="submit">提交订单</Button>
    </Form>
  );
}

function page(price: number, replies: ({ id: number } | typeof EXPIRED)[], sent: Record<string, unknown>[], booked: number[]) {
  return render(
    <Refine dataProvider={provider(replies, sent)} options={{ disableTelemetry: true }}>
      <AntdApp>
        <BookingForm price={price} onBooked={(id) => booked.push(id)} />
      </AntdApp>
    </Refine>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  setStoredUser({ memberId: 7 });
});
afterEach(cleanup);

describe("a booking form kept across an expired session", () => {
  it("keeps what was typed, says nothing more itself, puts it back on the next visit and forgets it once booked", async () => {
    const sent: Record<string, unknown>[] = [];
    const booked: number[] = [];
    const first = page(80_000, [EXPIRED], sent, booked);
    fireEvent.change(screen.getByLabelText("联系人"), { target: { value: "赵六" } });
    fireEvent.click(screen.getByRole("button", { name: /提交订单/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(readKeptForm("train:test")).toEqual({ contactName: "赵六" }));
    expect(screen.queryByText("登录已过期，请重新登录")).toBeNull();
    first.unmount();

    // Signed in again, the page opens afresh (the price is the page's own, never the copy's).
    page(86_000, [{ id: 9 }], sent, booked);
    await waitFor(() => expect((screen.getByLabelText("联系人") as HTMLInputElement).value).toBe("赵六"));
    fireEvent.click(screen.getByRole("button", { name: /提交订单/ }));
    await waitFor(() => expect(booked).toEqual([9]));
    expect(sent[1]).toEqual({ contactName: "赵六", price: 86_000 });
    expect(readKeptForm("train:test")).toBeNull();
  });

  it("puts nothing back for another member signing in on the same tab", async () => {
    const sent: Record<string, unknown>[] = [];
    const first = page(80_000, [EXPIRED], sent, []);
    fireEvent.change(screen.getByLabelText("联系人"), { target: { value: "赵六" } });
    fireEvent.click(screen.getByRole("button", { name: /提交订单/ }));
    await waitFor(() => expect(readKeptForm("train:test")).toEqual({ contactName: "赵六" }));
    first.unmount();

    setStoredUser({ memberId: 8 });
    expect(readKeptForm("train:test")).toBeNull();
    page(80_000, [], sent, []);
    expect((screen.getByLabelText("联系人") as HTMLInputElement).value).toBe("");
  });

  it("an expired session is no refusal of the form's own", () => {
    expect(sessionEnded(EXPIRED)).toBe(true);
    expect(sessionEnded({ statusCode: 400, message: "联系人姓名不正确" })).toBe(false);
    expect(applyRefusal(EXPIRED, [], () => {})).toBeNull();
  });
});
