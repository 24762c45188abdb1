// Booking a domestic flight, one way or over two segments (a round trip or a connection, the
// second fare in nextFareKey): verify every fare (a changed total is announced with old and new
// price unless the buyer accepted it), then hold each segment's seats through the supplier (one
// booking per segment, so each can be refunded or changed on its own), insert the order, one
// ticket row per passenger and segment, its first event and its expiry job in ONE transaction:
// a seat of either segment that cannot be had leaves nothing written. A business (因公) booking is held to the booker's travel
// standard in the same transaction: refused, asked for a reason, or created 待审批 with its
// approval submitted through the approval engine.
import { say } from "../../services/i18n/catalogue";
import { said, type Text } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { passengerMixProblem, passengerTypeOn, type FlightOrderInput } from "../../../src/domain/orders/flight-booking";
import { tripTitle } from "../../../src/domain/orders/flight-trip";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import type { HoldRecord } from "../../../src/domain/travel/types";
import { flightFullFareFen, flightOrderTitle } from "../../../src/domain/reports";
import { decideLegs, legPanels, verifyLegs } from "./legs";
import { memberActor } from "../actor";
import { existingOrder, yuan, type BookReply } from "../booking";
import { scheduleFlightOrderExpiry } from "./jobs";
import { flightOrderColumns, passengerMoneyColumns } from "./order-rows";
import { subordinatesOf } from "../../people/network";
import { travellerFor } from "../../policy/replace-booker";
import { approvalApplicant, businessColumns, createNote, submitOrderApproval } from "../business";
import "../approval";
import { inTransaction } from "../../db/transaction";

export type { BookReply };

/** The company an order belongs to: the admin's own, or the employee's employer. */
export async function companyIdOf(db: Kysely<Database>, member: Member): Promise<number | null> {
  if (member.creditEmployeeId > 0) {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    return e?.companyId ?? null;
  }
  return member.creditMemberId > 0 ? member.creditMemberId : null;
}

export async function bookFlight(db: Kysely<Database>, member: Member, input: FlightOrderInput, seed?: string): Promise<BookReply> {
  const again = await existingOrder(db, member.id, input.clientKey);
  if (again) return again;

  // An agent books for a subordinate (quick order): the order is the agent's (it pays), the
  // subordinate is its traveller member, so the subordinate sees it too.
  if (input.forMemberId !== undefined) {
    const sub = await subordinatesOf(db, member).select("members.id").where("members.id", "=", input.forMemberId).executeTakeFirst();
    if (!sub) throw new DomainError("forbidden", said("flight.onlyOrderSubMembers"));
  }

  // Replace-booking: the colleague travels under their own standard; the booker books and pays.
  const traveller = input.forEmployeeId !== undefined ? await travellerFor(db, member, input.forEmployeeId) : null;

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).flight;
  const { legs, trip } = await verifyLegs(supplier, input, c);
  const flight = legs[0].flight;
  const price = legs.reduce((a, l) => a + l.seat.salePrice, 0);
  if (price !== input.price && !input.acceptPrice) {
    throw new DomainError("conflict", said("flight.fareHasChangedWasNow", { price: yuan(input.price), price2: yuan(price) }), { data: {
      priceChanged: true,
      oldPrice: input.price,
      newPrice: price,
    } });
  }

  const types: PassengerType[] = [];
  const errors: Record<string, Text | string> = {};
  input.passengers.forEach((p, i) => {
    // One passenger type for the whole trip: the age on the first departure.
    const t = passengerTypeOn(p, flight.depDate);
    if (!t) errors[`passengers.${i}.birthday`] = said("flight.invalidDateBirthAfterDeparture");
    else types.push(t);
    // A policy covers each flight of the trip: every flight must offer it.
    if (p.insuType && !legs.every((l) => l.seat.insurance.some((o) => o.insuType === p.insuType))) errors[`passengers.${i}.insuType`] = said("flight.flightDoesOfferChosenInsurance");
  });
  const first = Object.values(errors)[0];
  if (first) throw new DomainError("badInput", first, { errors });
  const mix = passengerMixProblem(types);
  if (mix) throw new DomainError("badInput", mix, { errors: { passengers: mix } });

  const { panels, panel } = legPanels(legs, input.passengers.map((p, i) => ({ psgType: types[i], insuType: p.insuType })));
  const companyId = await companyIdOf(db, member);
  const count = (t: PassengerType) => types.filter((x) => x === t).length;
  const actor = memberActor(member);
  const title = legs.length > 1 ? tripTitle(legs.map((l) => l.flight)) : flightOrderTitle(flight.depCityName, flight.arrCityName, flight.flightNo);

  try {
    return await inTransaction(db, async (trx) => {
      const biz = await decideLegs(trx, traveller ?? member, input, legs, trip, panels, supplier.within(trx), c);
      const status = biz.needApproval ? FLIGHT_ORDER_STATUS.approving : FLIGHT_ORDER_STATUS.pendingPayment;
      // Each segment's seats in a booking of its own, all in this transaction: a segment sold
      // out rolls back the seats already taken on the other.
      const holds: HoldRecord[] = [];
      for (const [i, l] of legs.entries()) {
        const hold = await supplier.within(trx).hold(l.fareKey, { adults: count("ADT"), children: count("CHD"), infants: count("INF") }, c);
        // The hold priced the seats again inside the transaction: what the buyer pays must be it.
        if (hold.amount !== panels[i].payprice - panels[i].insurance) throw new DomainError("conflict", said("flight.fareHasChangedSearchFlights"));
        holds.push(hold);
      }
      const expiresAt = holds.map((h) => h.expiresAt).sort()[0];
      const at = isoAt();
      const snapshotOf = (i: number) => ({ flight: { ...legs[i].flight, seats: undefined }, seat: { ...legs[i].seat, insurance: undefined } });
      const order = await trx
        .insertInto("orders")
        .values({
          ...flightOrderColumns({ memberId: member.id, companyId, status, panel, hold: { holdId: holds[0].holdId, expiresAt }, contact: input, at }),
          travellerMemberId: input.forMemberId ?? traveller?.id ?? null,
          fullFareFen: legs.reduce((a, l) => a + flightFullFareFen(l.seat.parPrice, l.seat.breakdown.INF.ticket, types, l.flight.international), 0),
          fareKey: input.fareKey,
          depDate: flight.depDate,
          title,
          // A two-segment order keeps every segment with its fare and booking; the first stands where a one-way order has its flight.
          snapshot: JSON.stringify({
            ...snapshotOf(0),
            ...(legs.length > 1 ? { trip, segments: legs.map((l, i) => ({ ...snapshotOf(i), fareKey: l.fareKey, holdId: holds[i].holdId })) } : {}),
          }),
          ...businessColumns(biz),
          selfPayFen: biz.selfPay,
        })
        .returning(["id", "orderNo"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_passengers")
        .values(
          legs.flatMap((_, segment) =>
            input.passengers.map((p, i) => ({
              orderId: order.id,
              name: p.name,
              psgType: types[i],
              certType: p.certType,
              certNo: p.certNo.toUpperCase(),
              birthday: p.birthday ?? null,
              mobile: p.mobile ?? null,
              ...passengerMoneyColumns(panels[segment].lines[i]),
              insuType: p.insuType ?? null,
              segment,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: createNote(traveller, biz.needApproval), createTime: at })
        .execute();
      await scheduleFlightOrderExpiry(trx, order.id, expiresAt);
      // The approval must be decided while the seats are held: its fare deadline is the hold's.
      // The company may approve it at once (within the standard, small amount): answer what it is now.
      const current = biz.needApproval
        ? await submitOrderApproval(trx, {
            orderId: order.id, companyId: companyId!, applicant: approvalApplicant({ memberId: member.id, name: actor.name }, traveller),
            title: say("flight.flightOrder", { arrCityName: [flight.depCityName, ...legs.map((l) => l.flight.arrCityName)].join(" → "), flightNo: legs.map((l) => l.flight.flightNo).join("/") }), amountFen: panel.payprice,
            withinStandard: biz.withinStandard, fareDeadline: expiresAt,
          })
        : status;
      return { id: order.id, orderNo: order.orderNo, status: current, payprice: panel.payprice, expiresAt };
    });
  } catch (e) {
    // The same form submitted twice at once: the second insert meets the first's clientKey.
    const again2 = await existingOrder(db, member.id, input.clientKey);
    if (again2) return again2;
    throw e;
  }
}
