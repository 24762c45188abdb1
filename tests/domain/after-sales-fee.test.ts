// The after-sales desk's fee rules: the most a refund may keep of a ticket is its tier's highest
// refund percent, and a new total fee is spread over the passengers within each one's maximum,
// summing to the fen.
import { describe, expect, it } from "vitest";
import { maxRefundFee, refundFee } from "../../src/domain/travel/air-rules";
import { parseQueueKey, queueKey, spreadFee } from "../../src/domain/ops/after-sales";

describe("maxRefundFee", () => {
  it("is the tier's highest refund percent of the ticket, never less than any window's fee", () => {
    expect(maxRefundFee(100_000, "full")).toBe(30_000);
    expect(maxRefundFee(100_000, "promo")).toBe(90_000);
    for (const tier of ["full", "flex", "discount", "promo", "gp"] as const) {
      for (const hours of [500, 100, 10, 1, -3]) expect(maxRefundFee(123_456, tier)).toBeGreaterThanOrEqual(refundFee(123_456, tier, hours));
      expect(maxRefundFee(123_456, tier)).toBeLessThanOrEqual(123_456);
    }
  });
});

describe("spreadFee", () => {
  it("sums to the total exactly and keeps each share within its maximum", () => {
    for (const [total, maxima] of [
      [0, [100, 200]],
      [1, [100, 200]],
      [299, [100, 200]],
      [300, [100, 200]],
      [12_345, [30_000, 30_000, 7]],
      [7, [0, 3, 5]],
    ] as [number, number[]][]) {
      const shares = spreadFee(total, maxima)!;
      expect(shares.reduce((s, x) => s + x, 0), `${total}`).toBe(total);
      shares.forEach((s, i) => {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(maxima[i]);
      });
    }
  });

  it("refuses a total above the maxima summed, or below nothing", () => {
    expect(spreadFee(301, [100, 200])).toBeNull();
    expect(spreadFee(-1, [100])).toBeNull();
    expect(spreadFee(0, [0, 0])).toEqual([0, 0]);
    expect(spreadFee(1, [0, 0])).toBeNull();
  });

  it("spreads in proportion to the maxima", () => {
    expect(spreadFee(150, [100, 200])).toEqual([50, 100]);
    expect(spreadFee(10_000_000, [100_000_000, 100_000_000])).toEqual([5_000_000, 5_000_000]);
  });
});

describe("queue keys", () => {
  it("name the kind and the record, and nothing else parses", () => {
    expect(queueKey("refund", 12)).toBe("refund-12");
    expect(parseQueueKey("change-7")).toEqual({ kind: "change", id: 7 });
    for (const bad of ["refund-", "refund-x", "hotel-1", "refund-1-2", " refund-1"]) expect(parseQueueKey(bad), bad).toBeNull();
  });
});
