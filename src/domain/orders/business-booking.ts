// The fields every product's order form carries for a business (因公) booking, and their shared
// rules: only a business booking names a trip application or a colleague it is booked for
// (代订). The travel standard's own demands (an
// approved application, an over-standard reason) depend on the offer and are decided by the
// server's check of it.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { TRAVEL_TYPES } from "../policy/codes";
import { zInt, zOptionalString } from "../zod";

export const businessOrderFields = {
  /**
   * 因公 (business: the travel standard applies) or 因私; only company members book on business.
   * Omitted is private, as for everyone who is not a company member; the order page offers
   * business first to a company's employee.
   */
  travelType: z.enum(TRAVEL_TYPES.keys, { error: trLazy("出行类型只能是因公或因私") }).optional(),
  /** The approved trip application a business booking belongs to (required when the company asks for one). */
  applyId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("出差申请不正确") }).optional(),
  /** Why a business booking is over the standard: one of the company's over-standard reasons. */
  overReason: zOptionalString(z.string().trim().max(30, m("超标原因最多 30 个字")), trLazy("超标原因不正确")),
};

/**
 * Replace-booking: the colleague (employee) the order is booked for, on business, under their
 * travel standard; the booker books and pays, the colleague travels.
 */
export const replaceBookingFields = {
  forEmployeeId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("出行人不正确") }).optional(),
};

/** Booking for a colleague is business travel: their travel standard is why it is allowed. */
export function refineReplaceBooking(o: { travelType?: string; forEmployeeId?: number }, ctx: z.RefinementCtx): void {
  if (o.forEmployeeId !== undefined && o.travelType !== "business") ctx.addIssue({ code: "custom", path: ["forEmployeeId"], message: tr("为同事预订须为因公出行") });
}

/** A private booking belongs to no trip application. */
export function refineBusinessOrder(o: { travelType?: string; applyId?: number }, ctx: z.RefinementCtx): void {
  if (o.travelType !== "business" && o.applyId !== undefined) ctx.addIssue({ code: "custom", path: ["applyId"], message: tr("因私预订不关联出差申请") });
}
