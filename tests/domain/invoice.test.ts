// The invoice request's state machine and request schema.
import { describe, expect, it } from "vitest";
import { INVOICE_MOVES, INVOICE_STATUSES, invoiceIsLive, invoiceMove, invoiceRequestSchema } from "../../src/domain/people/invoice";

describe("invoice state machine", () => {
  it("lets the member withdraw only a request waiting to be issued", () => {
    expect(invoiceMove("applied", "withdraw", "member")?.to).toBe("withdrawn");
    for (const from of ["issued", "mailed", "withdrawn"]) expect(invoiceMove(from, "withdraw", "member"), from).toBeNull();
  });

  it("leaves issuing and mailing to the back office, mailing only after issuing", () => {
    expect(invoiceMove("applied", "issue", "member")).toBeNull();
    expect(invoiceMove("applied", "issue", "system")?.to).toBe("issued");
    expect(invoiceMove("applied", "mail", "system")).toBeNull();
    expect(invoiceMove("issued", "mail", "system")?.to).toBe("mailed");
    expect(invoiceMove("withdrawn", "issue", "system")).toBeNull();
    expect(invoiceMove("bogus", "issue", "system")).toBeNull();
  });

  it("names only known statuses, and only a withdrawn request frees its orders", () => {
    for (const m of INVOICE_MOVES) expect(INVOICE_STATUSES).toEqual(expect.arrayContaining([m.from, m.to]));
    expect(INVOICE_STATUSES.filter((s) => !invoiceIsLive(s))).toEqual(["withdrawn"]);
  });
});

describe("invoice request schema", () => {
  it("keeps only the chosen delivery's detail and takes no amount", () => {
    expect(invoiceRequestSchema.parse({ orderIds: ["3"], titleId: "1", delivery: "email", email: "a@b.cn", addressId: 2 })).toMatchObject({ orderIds: [3], email: "a@b.cn", addressId: undefined });
    expect(invoiceRequestSchema.parse({ orderIds: [3], titleId: 1, delivery: "paper", email: "a@b.cn", addressId: 2 })).toMatchObject({ email: undefined, addressId: 2 });
    expect(invoiceRequestSchema.safeParse({ orderIds: [3], titleId: 1, delivery: "paper", addressId: 2, amountFen: 1 }).success).toBe(false);
  });

  it("refuses duplicate orders and a missing email or address", () => {
    expect(invoiceRequestSchema.safeParse({ orderIds: [3, 3], titleId: 1, delivery: "paper", addressId: 2 }).success).toBe(false);
    expect(invoiceRequestSchema.safeParse({ orderIds: [3], titleId: 1, delivery: "email" }).success).toBe(false);
    expect(invoiceRequestSchema.safeParse({ orderIds: [3], titleId: 1, delivery: "paper" }).success).toBe(false);
    expect(invoiceRequestSchema.safeParse({ orderIds: [], titleId: 1, delivery: "paper", addressId: 2 }).success).toBe(false);
  });
});
