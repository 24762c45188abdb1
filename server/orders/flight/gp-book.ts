// Booking a 政府采购 (GP) fare: verify the fare (a changed price is announced with old and new
// price unless the buyer accepted it), check that every passenger is an adult on the travel date,
// then hold the economy seats through the supplier and insert the order (flagged gp), its
// passengers with their budget unit and official card, its first event and its expiry job in ONE
// transaction: a seat that cannot be had leaves nothing written. The order is a flight order, so
// the cashier, ticketing, expiry, refund and change serve it, with the GP fare's own fee table
// (its tier is in the fare the order keeps). GP orders are outside a company's travel standard:
// the budget unit's own rules for official business govern their reimbursement.
import { say } from "../../services/i18n/catalogue";
import { said, saidDomain } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import type { AppContext } from "../../services/context";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { pricePanel } from "../../../src/domain/orders/flight-booking";
import { gpPassengerProblems, type GpOrderInput } from "../../../src/domain/orders/gp-booking";
import { GP_TEXTS, isGpSeat } from "../../../src/domain/travel/gp-fares";
import { flightFullFareFen, flightOrderTitle } from "../../../src/domain/reports";
import { memberActor } from "../actor";
import { existingOrder, yuan, type BookReply } from "../booking";
import { scheduleFlightOrderExpiry } from "./jobs";
import { flightOrderColumns, passengerMoneyColumns } from "./order-rows";
import { companyIdOf } from "./book";
import { inTransaction } from "../../db/transaction";

/** The access resource of GP fares: whoever sees the 公务机票订单 tab searches and books them. */
export const GP_ACCESS = "bookings:gp";

/** The caller, when they may see GP fares: guests are asked to sign in, members without the GP tab are refused. */
export async function gpCaller(ctx: Pick<AppContext, "authorize">, member: Member | null): Promise<Member> {
  if (!member) throw new DomainError("unauthorised", saidDomain(GP_TEXTS.signIn));
  if (!(await ctx.authorize(member, GP_ACCESS))) throw new DomainError("forbidden", saidDomain(GP_TEXTS.notOffered));
  return member;
}

export const GP_EVENT_NOTE = say("flight.governmentFareTicketOfficialBusiness");

export async function bookGpFlight(db: Kysely<Database>, member: Member, input: GpOrderInput, seed?: string): Promise<BookReply> {
  const again = await existingOrder(db, member.id, input.clientKey);
  if (again) return again;

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).flight;
  const v = await supplier.verify(input.fareKey, c);
  if (!v.available || !v.seat || !v.flight || !isGpSeat(v.seat)) throw new DomainError("conflict", said("flight.flightSGovernmentFaresAre"));
  const seat = v.seat;
  const flight = v.flight;
  if (seat.salePrice !== input.price && !input.acceptPrice) {
    throw new DomainError("conflict", said("flight.fareHasChangedWasNow2", { price: yuan(input.price), salePrice: yuan(seat.salePrice) }), { data: {
      priceChanged: true,
      oldPrice: input.price,
      newPrice: seat.salePrice,
    } });
  }

  const errors = gpPassengerProblems(input.passengers, flight.depDate);
  input.passengers.forEach((p, i) => {
    if (p.insuType && !seat.insurance.some((o) => o.insuType === p.insuType)) errors[`passengers.${i}.insuType`] = say("flight.flightDoesOfferChosenInsurance");
  });
  const first = Object.values(errors)[0];
  if (first) throw new DomainError("badInput", first, { errors });

  // Adults only (checked above): one adult fare per passenger.
  const panel = pricePanel(seat.breakdown, input.passengers.map((p) => ({ psgType: "ADT" as const, insuType: p.insuType })), seat.insurance);
  const companyId = await companyIdOf(db, member);
  const actor = memberActor(member);
  const adults = input.passengers.length;

  try {
    return await inTransaction(db, async (trx) => {
      const hold = await supplier.within(trx).hold(input.fareKey, { adults, children: 0, infants: 0 }, c);
      // The hold priced the seats again inside the transaction: what the buyer pays must be it.
      if (hold.amount !== panel.payprice - panel.insurance) throw new DomainError("conflict", said("flight.fareHasChangedSearchFlights"));
      const at = isoAt();
      const status = FLIGHT_ORDER_STATUS.pendingPayment;
      const order = await trx
        .insertInto("orders")
        .values({
          ...flightOrderColumns({ memberId: member.id, companyId, status, panel, hold, contact: input, at }),
          gp: 1,
          travellerMemberId: null,
          fullFareFen: flightFullFareFen(seat.parPrice, seat.breakdown.INF.ticket, input.passengers.map(() => "ADT" as const), false),
          fareKey: input.fareKey,
          depDate: flight.depDate,
          title: flightOrderTitle(flight.depCityName, flight.arrCityName, flight.flightNo),
          snapshot: JSON.stringify({ flight: { ...flight, seats: undefined }, seat: { ...seat, insurance: undefined } }),
          travelType: null,
          applyId: null,
          overReasons: null,
          standardVerdict: null,
        })
        .returning(["id", "orderNo"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_passengers")
        .values(
          input.passengers.map((p, i) => ({
            orderId: order.id,
            name: p.name,
            psgType: "ADT",
            certType: p.certType,
            certNo: p.certNo.toUpperCase(),
            birthday: p.birthday ?? null,
            mobile: p.mobile ?? null,
            ...passengerMoneyColumns(panel.lines[i]),
            insuType: p.insuType ?? null,
            budgetUnit: p.budgetUnit,
            officialCard: p.officialCard,
          })),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: GP_EVENT_NOTE, createTime: at })
        .execute();
      await scheduleFlightOrderExpiry(trx, order.id, hold.expiresAt);
      return { id: order.id, orderNo: order.orderNo, status, payprice: panel.payprice, expiresAt: hold.expiresAt };
    });
  } catch (e) {
    // The same form submitted twice at once: the second insert meets the first's clientKey.
    const again2 = await existingOrder(db, member.id, input.clientKey);
    if (again2) return again2;
    throw e;
  }
}
