// The train order's state machine, booking form, price panel and the railway's refund fee,
// shared by the server and the portal.
import { describe, expect, it } from "vitest";
import {
  TRAIN_ORDER_MOVES, TRAIN_ORDER_STATUS as S, TRAIN_ORDER_STATUS_CODES, isTrainFinal, trainMemberActions, trainOrderColor, trainOrderLabel, trainOrderMove,
  type TrainOrderAction,
} from "../../src/domain/orders/train";
import { trainChangeLines, trainOrderInput, trainPricePanel, trainRefundLines } from "../../src/domain/orders/train-booking";
import { childTrainFare, trainRefundFee, trainRefundPercent } from "../../src/domain/travel/train";
import { BUSINESS_TYPE, payRedirect } from "../../src/domain/payments";

const ACTIONS: TrainOrderAction[] = [
  "pay", "cancel", "expire", "ticket", "fail", "refund", "change", "approve", "rejectApproval", "requestChange", "payChange", "declineChange", "cancelChange", "freeChange",
];

describe("train order state machine", () => {
  it("labels every status in Chinese and English, unknown codes as themselves", () => {
    expect(TRAIN_ORDER_STATUS_CODES.map((c) => trainOrderLabel(c))).toEqual(["待支付", "出票中", "已出票", "已改签", "已退票", "已取消", "出票失败", "待审批", "改签待支付"]);
    expect(trainOrderLabel(S.changePending, "en")).toBe("Change awaiting payment");
    expect(trainOrderLabel(S.ticketed, "en")).toBe("Ticketed");
    expect(trainOrderLabel(S.approving, "en")).toBe("Awaiting approval");
    expect(trainOrderColor(S.approving)).toBe("volcano");
    expect(trainOrderLabel(99)).toBe("99");
    expect(trainOrderColor(S.ticketFailed)).toBe("red");
    expect(trainOrderColor(99)).toBe("default");
  });

  it("allows exactly these moves, by these actors, and refuses every other (status, action)", () => {
    const legal: Record<string, [number, "member" | "system"]> = {
      // A business order waiting for its approval: approved it is payable, else cancelled.
      [`${S.approving}:approve`]: [S.pendingPayment, "system"],
      [`${S.approving}:rejectApproval`]: [S.cancelled, "system"],
      [`${S.approving}:cancel`]: [S.cancelled, "member"],
      [`${S.approving}:expire`]: [S.cancelled, "system"],
      [`${S.pendingPayment}:pay`]: [S.ticketing, "system"],
      [`${S.pendingPayment}:cancel`]: [S.cancelled, "member"],
      [`${S.pendingPayment}:expire`]: [S.cancelled, "system"],
      [`${S.ticketing}:ticket`]: [S.ticketed, "system"],
      [`${S.ticketing}:fail`]: [S.ticketFailed, "system"],
      [`${S.ticketed}:refund`]: [S.refunded, "member"],
      [`${S.ticketed}:change`]: [S.changed, "member"],
      [`${S.changed}:refund`]: [S.refunded, "member"],
      // A dearer change waits for its difference; paid it completes, else the original ticket stays.
      [`${S.ticketed}:requestChange`]: [S.changePending, "member"],
      [`${S.changePending}:payChange`]: [S.changed, "system"],
      [`${S.changePending}:declineChange`]: [S.ticketed, "system"],
      [`${S.changePending}:cancelChange`]: [S.ticketed, "member"],
      // 航变: the railway changed or stopped the train; a free change is open even after a change.
      [`${S.ticketed}:freeChange`]: [S.changed, "member"],
      [`${S.changed}:freeChange`]: [S.changed, "member"],
    };
    let checked = 0;
    for (const from of [...TRAIN_ORDER_STATUS_CODES, 9, 99]) {
      for (const action of ACTIONS) {
        const m = trainOrderMove(from, action);
        const want = legal[`${from}:${action}`];
        if (want) expect(m, `${from} ${action}`).toMatchObject({ from, action, to: want[0], by: want[1] });
        else expect(m, `${from} ${action}`).toBeNull();
        checked++;
      }
    }
    expect(checked).toBe(11 * ACTIONS.length);
    expect(TRAIN_ORDER_MOVES).toHaveLength(Object.keys(legal).length);
  });

  it("gives the member cancel before payment (and while waiting for approval), 退票 and 改签 once ticketed, only 退票 after a change", () => {
    expect(trainMemberActions(S.pendingPayment)).toEqual(["cancel"]);
    expect(trainMemberActions(S.approving)).toEqual(["cancel"]);
    expect(isTrainFinal(S.approving)).toBe(false);
    expect(trainMemberActions(S.ticketing)).toEqual([]);
    expect(trainMemberActions(S.ticketed)).toEqual(["refund", "change", "requestChange"]);
    expect(trainMemberActions(S.changed)).toEqual(["refund"]);
    // Waiting for a dearer change's difference: neither refunded nor changed again, only withdrawn.
    expect(trainMemberActions(S.changePending)).toEqual(["cancelChange"]);
    expect(isTrainFinal(S.changePending)).toBe(false);
    for (const s of [S.refunded, S.cancelled, S.ticketFailed]) {
      expect(trainMemberActions(s)).toEqual([]);
      expect(isTrainFinal(s)).toBe(true);
    }
    expect([S.pendingPayment, S.ticketing, S.ticketed, S.changed, S.changePending].some(isTrainFinal)).toBe(false);
  });

  it("a paid train order (and a paid change) lands on the train order list", () => {
    for (const type of [BUSINESS_TYPE.trainPay, BUSINESS_TYPE.trainChangeTicket, "trainChangeTicket"] as const) {
      const to = payRedirect(type);
      expect(to).toMatchObject({ kind: "route", route: "OrderLists" });
      expect(to.kind === "route" && to.query?.(1, "T1")).toEqual({ type: "train" });
    }
  });
});

describe("the railway's refund fee", () => {
  it("charges by time before departure: ≥8 days free, 48 h–8 days 5 %, 24–48 h 10 %, under 24 h 20 %", () => {
    expect([200, 192, 191.99, 48, 47.99, 24, 23.99, 0.5].map(trainRefundPercent)).toEqual([0, 0, 5, 5, 10, 10, 20, 20]);
    expect(trainRefundFee(55_300, 200)).toBe(0);
    expect(trainRefundFee(55_300, 100)).toBe(2_750); // 27.65 → 27.50
    expect(trainRefundFee(55_300, 30)).toBe(5_550); // 55.30 → 55.50
    expect(trainRefundFee(55_300, 10)).toBe(11_050); // 110.60 → 110.50
  });

  it("rounds to the nearest half yuan: under 0.25 down, 0.25 to under 0.75 to 0.5, 0.75 and over up", () => {
    // 20 % of these fares: x.20, x.25, x.60, x.74, x.75, x.95 yuan.
    const at20 = (yuanFee: number) => trainRefundFee(Math.round(yuanFee * 100) * 5, 1);
    expect(at20(10.2)).toBe(1_000);
    expect(at20(10.24)).toBe(1_000);
    expect(at20(10.25)).toBe(1_050);
    expect(at20(10.6)).toBe(1_050);
    expect(at20(10.74)).toBe(1_050);
    expect(at20(10.75)).toBe(1_100);
    expect(at20(10.95)).toBe(1_100);
    // 5 % of 55.30 yuan is 2.765: 0.765 rounds up. 5 % of 54.90 is 2.745: to 2.50.
    expect(trainRefundFee(5_530, 100)).toBe(300);
    expect(trainRefundFee(5_490, 100)).toBe(250);
    // The fee never leaves a half-fen behind: always a multiple of 50 fen.
    for (let fare = 500; fare < 3_000; fare += 7) expect(trainRefundFee(fare, 30) % 50).toBe(0);
  });

  it("lists the fee per passenger, the estimate and the charge from the same function", () => {
    const dep = Date.UTC(2026, 11, 3, 1, 0);
    const q = trainRefundLines([{ fare: 55_300, name: "张三" }, { fare: childTrainFare(55_300), name: "张小三" }], dep, dep - 30 * 3_600_000);
    expect(q.percent).toBe(10);
    expect(q.lines.map((l) => [l.name, l.fare, l.fee, l.refund])).toEqual([
      ["张三", 55_300, 5_550, 49_750],
      ["张小三", 27_650, 2_750, 24_900],
    ]);
    expect(q.fee).toBe(8_300);
    expect(q.refund).toBe(55_300 + 27_650 - 8_300);
  });
});

describe("a change's difference (12306: no change fee)", () => {
  const dep = Date.UTC(2026, 11, 3, 1, 0);
  const people = [
    { passengerId: 1, name: "张三", passengerType: "adult" as const, fare: 55_300 },
    { passengerId: 2, name: "张小三", passengerType: "child" as const, fare: childTrainFare(55_300) },
  ];

  it("charges only the difference for a dearer seat, at any time before the train, with no fee", () => {
    const first = { price: 93_300, childPrice: childTrainFare(93_300) };
    for (const hours of [300, 100, 30, 2]) {
      const q = trainChangeLines(people, first, dep, dep - hours * 3_600_000);
      expect(q.lines.map((l) => [l.name, l.oldFare, l.newFare, l.pay, l.fee, l.refund])).toEqual([
        ["张三", 55_300, 93_300, 38_000, 0, 0],
        ["张小三", 27_650, 46_650, 19_000, 0, 0],
      ]);
      expect([q.pay, q.fee, q.refund]).toEqual([57_000, 0, 0]);
    }
  });

  it("gives a cheaper seat's difference back less the refund fee on the difference, by the refund tiers", () => {
    const second = { price: 35_300, childPrice: childTrainFare(35_300) };
    const at = (hours: number) => trainChangeLines(people, second, dep, dep - hours * 3_600_000);
    // 20,000 and 10,000 fen back: free 8 days ahead, 5 % 48 h–8 days, 10 % 24–48 h, 20 % under 24 h.
    expect([200, 100, 30, 2].map((h) => at(h).lines.map((l) => l.fee))).toEqual([[0, 0], [1_000, 500], [2_000, 1_000], [4_000, 2_000]]);
    const q = at(30);
    expect(q.lines.map((l) => [l.pay, l.refund])).toEqual([[0, 18_000], [0, 9_000]]);
    expect([q.pay, q.fee, q.refund]).toEqual([0, 3_000, 27_000]);
    expect(q.fee).toBe(trainRefundFee(20_000, 30) + trainRefundFee(10_000, 30));
  });

  it("moves the same fare for nothing", () => {
    const q = trainChangeLines(people, { price: 55_300, childPrice: childTrainFare(55_300) }, dep, dep - 2 * 3_600_000);
    expect([q.pay, q.fee, q.refund]).toEqual([0, 0, 0]);
  });
});

describe("train booking form and price panel", () => {
  const adult = { name: "张三", certType: "1", certNo: "110101199003074514", passengerType: "adult" };
  const good = { trainKey: "2026-12-03:G1:北京南:上海虹桥", seatClass: "O", clientKey: "abcdefgh", passengers: [adult], contactName: "张三", contactMobile: "13800000010" };
  const first = (v: unknown) => {
    const r = trainOrderInput.safeParse(v);
    return r.success ? null : r.error.issues[0].message;
  };

  it("accepts a good form and refuses bad fields with Chinese messages", () => {
    expect(first(good)).toBeNull();
    expect(first({ ...good, trainKey: "G1" })).toBe("车次编号不正确");
    expect(first({ ...good, seatClass: "X" })).toBe("请选择席别");
    expect(first({ ...good, passengers: [] })).toBe("请添加乘客");
    expect(first({ ...good, passengers: Array.from({ length: 6 }, () => adult) })).toBe("每张订单最多 5 名乘客");
    expect(first({ ...good, passengers: [{ ...adult, certNo: "110101199003074515" }] })).toBe("证件号码格式不正确");
    expect(first({ ...good, passengers: [{ ...adult, certType: "3" }] })).toBe("请选择火车票可用的证件类型");
    expect(first({ ...good, passengers: [{ ...adult, passengerType: "infant" }] })).toBe("请选择票种");
    expect(first({ ...good, passengers: [{ ...adult, passengerType: "child" }] })).toBe("儿童票须与成人票一同购买");
    expect(first({ ...good, passengers: [adult, adult] })).toBe("同一证件不能重复购买成人票");
    expect(first({ ...good, contactMobile: "123" })).toBe("请输入正确的手机号码");
    expect(first({ ...good, extra: 1 })).not.toBeNull();
  });

  it("lets a child travel on the accompanying adult's certificate", () => {
    expect(first({ ...good, passengers: [adult, { ...adult, name: "张小三", passengerType: "child" }] })).toBeNull();
  });

  it("adds tickets by type and the service fee per ticket", () => {
    const seat = { price: 55_300, childPrice: childTrainFare(55_300) };
    const p = trainPricePanel(seat, ["adult", "child", "adult"]);
    expect(p.lines).toEqual([
      { passengerType: "adult", count: 2, price: 55_300, subtotal: 110_600 },
      { passengerType: "child", count: 1, price: 27_650, subtotal: 27_650 },
    ]);
    expect(p.serviceFee).toBe(1_500);
    expect(p.total).toBe(110_600 + 27_650 + 1_500);
    expect(childTrainFare(55_300)).toBe(27_650);
    expect(childTrainFare(5_530)).toBe(2_750); // 27.65 → 27.50
  });
});
