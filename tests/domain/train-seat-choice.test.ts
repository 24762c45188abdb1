// 在线选座's rules (which seats a class offers, what is refused, whether the issued seat is the
// one asked for), the embedded railway's seating of an order, and the ticket type an ID card
// carries on the travel date.
import { describe, expect, it } from "vitest";
import { seatChoiceHeld, seatChoiceProblem, seatChoicesOf } from "../../src/domain/travel/train-seats";
import { trainOrderInput, trainTypeFromCert, withTypesFromCerts } from "../../src/domain/orders/train-booking";
import { idCardCheckChar } from "../../src/domain/validators";
import { seatNumbers } from "../../server/suppliers/train/seats";

const idNo = (birth: string) => {
  const first17 = `110105${birth.replace(/-/g, "")}123`;
  return first17 + idCardCheckChar(first17);
};

describe("seat choices", () => {
  it("offers 12306's letters and berths per class and refuses the rest by name", () => {
    expect(seatChoicesOf("O")).toEqual(["A", "B", "C", "D", "F"]);
    expect(seatChoicesOf("9")).toEqual(["A", "C", "F"]);
    expect(seatChoicesOf("3")).toEqual(["上铺", "中铺", "下铺"]);
    expect(seatChoicesOf("4")).toEqual(["上铺", "下铺"]);
    expect(seatChoiceProblem("O", "B")).toBeNull();
    expect(seatChoiceProblem("9", "B")).toBe("商务座只能选择 A、C、F 座");
    expect(seatChoiceProblem("4", "中铺")).toBe("软卧只能选择上铺、下铺");
    expect(seatChoiceProblem("WZ", "A")).toBe("无座不支持选座");
  });

  it("the order schema refuses a choice the class does not have under that passenger", () => {
    const order = (seatClass: string, seatChoice: string) => trainOrderInput.safeParse({
      trainKey: "2026-12-05:G1:北京南:上海虹桥", seatClass, clientKey: "abcdefgh-1", contactName: "张三", contactMobile: "13800000010",
      passengers: [{ name: "张三", certType: 1, certNo: idNo("1990-03-07"), passengerType: "adult", seatChoice }],
    });
    expect(order("O", "F").success).toBe(true);
    const refused = order("M", "B");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ["passengers", 0, "seatChoice"], message: "一等座只能选择 A、C、D、F 座" })]);
  });

  it("reads whether the issued seat is the one asked for", () => {
    expect(seatChoiceHeld("05车12F号", "F")).toBe(true);
    expect(seatChoiceHeld("05车12A号", "F")).toBe(false);
    expect(seatChoiceHeld("03车07号下铺", "下铺")).toBe(true);
    expect(seatChoiceHeld("03车07号上铺", "下铺")).toBe(false);
  });

  it("seats an order in as few rows as it needs, each choice held while the row still has that seat", () => {
    const seats = seatNumbers("O", ["F", "F", null, "A", "B"]);
    expect(seats.map((s) => s.slice(-2, -1))).toEqual(["F", "C", "D", "A", "B"]);
    expect(new Set(seats.map((s) => s.slice(0, 5))).size).toBe(1);
    // Six in 商务座 take two rows: both A's are held.
    const business = seatNumbers("9", ["A", "A", "F", null, null, null]);
    expect(business.map((s) => s.slice(-2, -1))).toEqual(["A", "A", "F", "C", "C", "F"]);
    expect(seatNumbers("3", ["下铺", "下铺"]).map((s) => s.slice(-2))).toEqual(["下铺", "上铺"]);
  });
});

describe("儿童票 from the ID card", () => {
  it("is a child ticket under 14 on the travel date, an adult one from the 14th birthday", () => {
    expect(trainTypeFromCert({ certType: 1, certNo: idNo("2019-06-01") }, "2026-12-05")).toBe("child");
    expect(trainTypeFromCert({ certType: 1, certNo: idNo("2012-12-05") }, "2026-12-05")).toBe("adult");
    expect(trainTypeFromCert({ certType: 1, certNo: idNo("2012-12-06") }, "2026-12-05")).toBe("child");
    // Not (yet) an ID card's number, or another certificate: the type picked stays.
    expect(trainTypeFromCert({ certType: 1, certNo: "1101052019" }, "2026-12-05")).toBeNull();
    expect(trainTypeFromCert({ certType: 2, certNo: "E12345678" }, "2026-12-05")).toBeNull();
  });

  it("turns a child's card to a 儿童票 and keeps a 儿童票 on an adult's card", () => {
    const adultCard = { certType: 1, certNo: idNo("1990-03-07") };
    const out = withTypesFromCerts([
      { ...adultCard, passengerType: "adult" as const },
      { certType: 1, certNo: idNo("2019-06-01"), passengerType: "adult" as const },
      { ...adultCard, passengerType: "child" as const },
    ], "2026-12-05");
    expect(out.map((p) => p.passengerType)).toEqual(["adult", "child", "child"]);
  });
});
