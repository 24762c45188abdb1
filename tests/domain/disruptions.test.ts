// 航变's shared rules: what a traveller may choose on a flight's or a train's disruption, the
// train's free change keeping every fare, and the inputs of the console and the travel manager.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  companyDisruptionFilters, disruptionActions, disruptionMove, involuntaryTrainChangeLines, opsDisruptionListInput, recordDisruptionInput,
} from "../../src/domain/disruptions";

describe("航变 choices", () => {
  it("offers a train the same choices as a flight: accept (not when cancelled), a free change, a full refund", () => {
    expect(disruptionActions("pending", "trainTimetable")).toEqual(["accept", "change", "refund"]);
    expect(disruptionActions("pending", "trainStopCancelled")).toEqual(["change", "refund"]);
    expect(disruptionActions("pending", "flightCancelled")).toEqual(["change", "refund"]);
    expect(disruptionActions("changed", "trainStopCancelled")).toEqual([]);
    expect(disruptionMove("pending", "change", "trainStopCancelled")).toBe("changed");
    expect(disruptionMove("accepted", "refund", "trainTimetable")).toBeNull();
  });

  it("changes a train's tickets free: no fee, nothing to pay or refund, each fare kept to the fen", () => {
    const q = involuntaryTrainChangeLines([
      { passengerId: 1, name: "张三", passengerType: "adult", fare: 55_300 },
      { passengerId: 2, name: "张小三", passengerType: "child", fare: 27_650 },
    ]);
    expect(q).toMatchObject({ pay: 0, fee: 0, refund: 0 });
    expect(q.lines.map((l) => [l.oldFare, l.newFare, l.pay, l.fee, l.refund])).toEqual([[55_300, 55_300, 0, 0, 0], [27_650, 27_650, 0, 0, 0]]);
  });
});

describe("航变 inputs", () => {
  it("records a train's stop cancelled without times, and refuses times on it or none on a timetable change", () => {
    expect(recordDisruptionInput.parse({ kind: "trainStopCancelled", no: "g101", date: "2026-12-10", reason: "线路施工" })).toMatchObject({ no: "G101" });
    expect(recordDisruptionInput.safeParse({ kind: "trainStopCancelled", no: "G101", date: "2026-12-10", newDepTime: "08:00", reason: "x" }).success).toBe(false);
    expect(recordDisruptionInput.safeParse({ kind: "trainTimetable", no: "G101", date: "2026-12-10", reason: "x" }).success).toBe(false);
    expect(recordDisruptionInput.safeParse({ kind: "trainTimetable", no: "G101", date: "2026-12-10", newDepTime: "25:00", reason: "x" }).success).toBe(false);
  });

  it("pages the console's list and filters the travel manager's by dates, product, traveller and choice", () => {
    expect(opsDisruptionListInput.parse({})).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(opsDisruptionListInput.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(opsDisruptionListInput.safeParse({ product: "bus" }).success).toBe(false);
    const filters = z.object(companyDisruptionFilters).strict();
    expect(filters.parse({ from: "2026-12-01", to: "2026-12-31", product: "train", traveller: " 王芳 ", chosen: "pending" })).toMatchObject({ traveller: "王芳", chosen: "pending" });
    expect(filters.safeParse({ from: "2026-13-01" }).success).toBe(false);
    expect(filters.safeParse({ chosen: "maybe" }).success).toBe(false);
    expect(filters.safeParse({ traveller: "名".repeat(31) }).success).toBe(false);
  });
});
