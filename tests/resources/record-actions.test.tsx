// @vitest-environment jsdom
// Named actions on one record through Refine: useRecordAction is an update carrying
// meta.updateAction (the data provider posts it to the action's own path with the record's id),
// says the outcome in a message, and settles either way so a confirmation dialog can close. Each
// action a page names has its path on the resource's endpoint map.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Button } from "antd";
import { i18n } from "../../src/providers/i18n-provider";
import { resourceEndpoints } from "../../src/resources";
import { useRecordAction } from "../../src/resources/useRecordAction";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { HOTEL_ORDER_PATHS } from "../../src/domain/orders/hotel-types";
import { TRAIN_ORDER_PATHS } from "../../src/domain/orders/train-types";
import { SETTLEMENT_PATHS } from "../../src/domain/settlement/paths";
import { WITHDRAWAL_PATHS } from "../../src/domain/payments/types";
import { APPLICATION_PATHS } from "../../src/resources/travel-applications";
import { refused, renderForm } from "./form-harness";

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

function CancelButton({ onSettled }: { onSettled: () => void }) {
  const action = useRecordAction("flight-orders");
  return (
    <Button loading={action.pending} onClick={() => void action.run(7, "cancel", "订单已取消").then(onSettled)}>
      取消订单
    </Button>
  );
}

describe("a record's named action (useRecordAction)", () => {
  it("is Refine's update of the record with meta.updateAction, then says it is done", async () => {
    let settled = 0;
    const { calls } = renderForm(<CancelButton onSettled={() => settled++} />, {});
    fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
    expect(await screen.findByText("订单已取消")).toBeTruthy();
    expect(calls.filter((c) => c.op === "update")).toEqual([{ op: "update", resource: "flight-orders", id: 7, variables: {}, meta: { updateAction: "cancel" } }]);
    await waitFor(() => expect(settled).toBe(1));
  });

  it("shows the server's refusal and still settles", async () => {
    let settled = 0;
    renderForm(<CancelButton onSettled={() => settled++} />, { refuse: () => refused("订单已出票，不能取消", {}) });
    fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
    expect(await screen.findByText("订单已出票，不能取消")).toBeTruthy();
    await waitFor(() => expect(settled).toBe(1));
    expect(screen.queryByText("订单已取消")).toBeNull();
  });

  it("finds each action the pages name on its resource's map", () => {
    const actions = (resource: string) => resourceEndpoints[resource]?.actions ?? {};
    expect(actions("flight-orders").cancel).toBe(FLIGHT_ORDER_PATHS.cancel);
    expect(actions("hotel-orders").cancel).toBe(HOTEL_ORDER_PATHS.cancel);
    expect(actions("train-orders")).toEqual({ cancel: TRAIN_ORDER_PATHS.cancel, changeCancel: TRAIN_ORDER_PATHS.changeCancel });
    expect(actions("travel-applications").withdraw).toBe(APPLICATION_PATHS.withdraw);
    expect(actions("withdrawals").cancel).toBe(WITHDRAWAL_PATHS.cancel);
    expect(actions("settlement-statements").confirm).toBe(SETTLEMENT_PATHS.confirm);
  });
});
