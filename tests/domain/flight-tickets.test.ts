// Each passenger's ticket of a flight order: its own moves (legal and refused, a declined change
// giving back what the ticket had), which passengers an after-sales request covers and whether it
// is the whole order's, the adult-with-children rule on both sides of a split, the order's
// 部分退票 / 部分改签 tags, and how the order's own machine follows: refunding some passengers
// leaves it where it is, the last ticket refunded makes it refunded.
import { describe, expect, it } from "vitest";
import {
  chooseTickets, holdsTicket, partialTags, splitProblem, ticketLabel, ticketMove, TICKET_MOVES, TICKET_STATUSES, type PassengerTicket, type TicketAction,
} from "../../src/domain/orders/flight-tickets";
import { FLIGHT_ORDER_STATUS as S, flightOrderMove, memberActions } from "../../src/domain/orders/flight";

const ACTIONS: TicketAction[] = ["ticket", "requestRefund", "finishRefund", "declineRefund", "requestChange", "confirmChange", "declineChange"];

describe("ticket moves", () => {
  it.each([
    ["none", "ticket", false, "ticketed"],
    ["ticketed", "requestRefund", false, "refunding"],
    ["changed", "requestRefund", true, "refunding"],
    ["refunding", "finishRefund", false, "refunded"],
    ["ticketed", "requestChange", false, "changing"],
    ["changed", "requestChange", true, "changing"],
    ["changing", "confirmChange", false, "changed"],
    ["changing", "declineChange", false, "ticketed"],
    ["changing", "declineChange", true, "changed"],
    ["refunding", "declineRefund", false, "ticketed"],
    ["refunding", "declineRefund", true, "changed"],
  ] as const)("%s --%s (changed before: %s)--> %s", (from, action, changed, to) => {
    expect(ticketMove(from, action, changed)).toBe(to);
  });

  it("refuses every move the table does not list", () => {
    const legal = new Set(TICKET_MOVES.map((m) => `${m.from}|${m.action}`));
    let refused = 0;
    for (const from of TICKET_STATUSES) {
      for (const action of ACTIONS) {
        if (legal.has(`${from}|${action}`)) continue;
        expect(ticketMove(from, action), `${from} ${action}`).toBeNull();
        expect(ticketMove(from, action, true), `${from} ${action}`).toBeNull();
        refused++;
      }
    }
    expect(refused).toBe(TICKET_STATUSES.length * ACTIONS.length - legal.size);
    // Refunded twice, refunded while being refunded, a ticket never issued: all refused.
    expect(ticketMove("refunded", "requestRefund")).toBeNull();
    expect(ticketMove("refunding", "requestRefund")).toBeNull();
    expect(ticketMove("none", "requestRefund")).toBeNull();
    expect(ticketMove("changing", "requestRefund")).toBeNull();
    expect(ticketMove("nonsense", "ticket")).toBeNull();
  });

  it("a ticket may be refunded or changed only while held, and reads in Chinese", () => {
    expect(TICKET_STATUSES.filter(holdsTicket)).toEqual(["ticketed", "changed"]);
    expect(TICKET_STATUSES.map((s) => ticketLabel(s))).toEqual(["未出票", "已出票", "退票中", "已退票", "改签中", "已改签"]);
  });
});

const p = (id: number, name: string, ticketStatus: string): PassengerTicket => ({ id, name, ticketStatus });

describe("choosing passengers", () => {
  const two = [p(1, "张三", "ticketed"), p(2, "李四", "ticketed")];

  it("names none: every passenger still holding a ticket, the whole order", () => {
    expect(chooseTickets(two, undefined, "退票")).toEqual({ chosen: two, whole: true });
    expect(chooseTickets([p(1, "张三", "refunded"), p(2, "李四", "changed")], undefined, "退票")).toEqual({ chosen: [p(2, "李四", "changed")], whole: true });
  });

  it("one of two: partial; then the other, with the first refunded: the whole order's", () => {
    expect(chooseTickets(two, [2], "退票")).toEqual({ chosen: [two[1]], whole: false });
    expect(chooseTickets([p(1, "张三", "ticketed"), p(2, "李四", "refunded")], [1], "退票")).toEqual({ chosen: [p(1, "张三", "ticketed")], whole: true });
    // The first still being refunded: the second's refund is partial too (the order moves when the last one's money is back).
    expect(chooseTickets([p(1, "张三", "ticketed"), p(2, "李四", "refunding")], [1], "退票")).toEqual({ chosen: [p(1, "张三", "ticketed")], whole: false });
  });

  it("refuses a passenger of another order, an empty choice and a ticket no longer held, saying why", () => {
    expect(chooseTickets(two, [3], "退票")).toEqual({ problem: "所选乘客不属于该订单", kind: "input" });
    expect(chooseTickets(two, [], "改签")).toEqual({ problem: "请选择改签的乘客", kind: "input" });
    expect(chooseTickets([p(1, "张三", "refunded"), p(2, "李四", "ticketed")], [1], "退票")).toEqual({ problem: "乘客 张三 的机票已退票，不能退票", kind: "state" });
    expect(chooseTickets([p(1, "张三", "refunding"), p(2, "李四", "ticketed")], [1, 2], "退票")).toEqual({ problem: "乘客 张三 的机票退票中，不能退票", kind: "state" });
    expect(chooseTickets([p(1, "张三", "refunded")], undefined, "改签")).toEqual({ problem: "该订单没有可改签的乘客", kind: "state" });
    // The same passenger named twice counts once.
    expect(chooseTickets(two, [1, 1], "退票")).toEqual({ chosen: [two[0]], whole: false });
  });

  it("keeps an adult with every child and infant on both sides of the split", () => {
    expect(splitProblem(["ADT"], ["ADT", "CHD"], "退票")).toBeNull();
    expect(splitProblem(["ADT"], ["CHD"], "退票")).toBe("退票后剩余的儿童和婴儿须由成人陪同，请同时为他们退票");
    expect(splitProblem(["ADT"], ["ADT", "INF", "INF"], "退票")).toBe("退票后每名成人最多携带一名婴儿，请同时为婴儿退票");
    // A refunded child needs nobody; a changed one flies and needs an adult with it.
    expect(splitProblem(["CHD"], ["ADT"], "退票")).toBeNull();
    expect(splitProblem(["CHD"], ["ADT"], "改签")).toBe("改签的乘客中儿童和婴儿须由成人陪同，请同时选择同行的成人");
    expect(splitProblem(["ADT", "INF"], [], "改签")).toBeNull();
  });
});

describe("the order follows", () => {
  it("部分退票 while some passengers are refunded and others still fly; 部分改签 while some were changed apart", () => {
    expect(partialTags(["ticketed", "ticketed"])).toEqual([]);
    expect(partialTags(["refunding", "ticketed"])).toEqual(["partialRefund"]);
    expect(partialTags(["refunded", "changed"])).toEqual(["partialRefund"]);
    expect(partialTags(["refunded", "refunded"])).toEqual([]);
    expect(partialTags(["changed", "ticketed"])).toEqual(["partialChange"]);
    expect(partialTags(["changed", "changed"])).toEqual([]);
  });

  it("refunding one of two passengers leaves the order ticketed, and refundable again; the last one's money back refunds it", () => {
    // A partial refund makes no order move: the order is still where refund and change start.
    let passengers = [p(1, "张三", "ticketed"), p(2, "李四", "ticketed")];
    const first = chooseTickets(passengers, [1], "退票");
    expect(first).toMatchObject({ whole: false });
    passengers = [p(1, "张三", ticketMove("ticketed", "requestRefund")!), passengers[1]];
    expect(memberActions(S.ticketed)).toEqual(expect.arrayContaining(["requestRefund", "requestChange"]));
    expect(chooseTickets(passengers, [1], "退票")).toMatchObject({ kind: "state" });
    passengers = [p(1, "张三", ticketMove("refunding", "finishRefund")!), passengers[1]];
    // The last ticket: the whole order's request, through the order's own refund moves.
    expect(chooseTickets(passengers, [2], "退票")).toMatchObject({ whole: true });
    expect(flightOrderMove(S.ticketed, "requestRefund")?.to).toBe(S.refundRequested);
    // Refunded one request at a time: the system closes the order from ticketed or changed only.
    expect(flightOrderMove(S.ticketed, "closeRefunded")).toMatchObject({ to: S.moneyRefunded, by: "system" });
    expect(flightOrderMove(S.changed, "closeRefunded")).toMatchObject({ to: S.moneyRefunded, by: "system" });
    for (const from of [S.pendingPayment, S.refundRequested, S.changeRequested, S.moneyRefunded, S.cancelled]) expect(flightOrderMove(from, "closeRefunded")).toBeNull();
    expect(memberActions(S.ticketed)).not.toContain("closeRefunded");
  });
});
