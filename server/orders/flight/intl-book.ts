// Booking an international itinerary: verify every segment's fare (a changed total is announced
// with old and new price unless the buyer accepted it), check each passenger's document against
// the trip (passport or the matching pass, valid 6 months after departure), then hold the seats
// of ALL segments in one hold and insert the order, its passengers, its first event and its
// expiry job in ONE transaction: a segment that cannot give its seats leaves nothing written.
// The order is a flight order (product "air", international 1), so the order centre, the
// cashier, ticketing, expiry and refunds handle it as they handle a domestic one.
import { say } from "../../services/i18n/catalogue";
import { said, type Text } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { passengerMixProblem, passengerTypeOn } from "../../../src/domain/orders/flight-booking";
import { intlPassengerProblems, intlPricePanel, type IntlOrderInput } from "../../../src/domain/orders/intl-booking";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import type { FlightItem, FlightSeat } from "../../../src/domain/travel/types";
import { normaliseDate } from "../../../src/domain/travel/dates";
import { flightFullFareFen, flightOrderTitle } from "../../../src/domain/reports";
import { memberActor } from "../actor";
import { existingOrder, yuan, type BookReply } from "../booking";
import { scheduleFlightOrderExpiry } from "./jobs";
import { flightOrderColumns, passengerMoneyColumns } from "./order-rows";
import { BUSINESS_MEMBERS_ONLY, canBookOnBusiness } from "./business";
import { companyIdOf } from "./book";
import { isGpFareKey } from "../../../src/domain/travel/gp-fares";
import { inTransaction } from "../../db/transaction";

/** Business bookings abroad are recorded as such; the travel standard has no international rules to check them against. */
export const INTL_STANDARD_NOT_CHECKED = say("flight.internationalTicketsAreCheckedAgainst");

export async function bookIntlFlight(db: Kysely<Database>, member: Member, input: IntlOrderInput, seed?: string): Promise<BookReply> {
  const again = await existingOrder(db, member.id, input.clientKey);
  if (again) return again;
  if (input.travelType === "business" && !canBookOnBusiness(member)) throw new DomainError("forbidden", BUSINESS_MEMBERS_ONLY);

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).flight;
  // Each segment's verified fare as the buyer saw it (the fare keys the order page sent).
  const segments: { flight: FlightItem; seat: FlightSeat }[] = [];
  for (const fareKey of input.fareKeys) {
    // 政府采购 fares are domestic and booked on their own page.
    if (isGpFareKey(fareKey)) throw new DomainError("badInput", said("flight.internationalFlightsHaveNoGovernment"), { errors: { fareKeys: said("flight.internationalFlightsHaveNoGovernment") } });
    const v = await supplier.verify(fareKey, c);
    if (!v.available || !v.seat || !v.flight) throw new DomainError("conflict", said("flight.flightCabinSoldOutChoose", { split: fareKey.split("|")[0].split(":")[1] }));
    segments.push({ flight: v.flight, seat: v.seat });
  }
  const price = segments.reduce((a, s) => a + s.seat.salePrice, 0);
  if (price !== input.price && !input.acceptPrice) {
    throw new DomainError("conflict", said("flight.fareHasChangedWasNow", { price: yuan(input.price), price2: yuan(price) }), { data: {
      priceChanged: true,
      oldPrice: input.price,
      newPrice: price,
    } });
  }
  const first = segments[0].flight;
  const last = segments[segments.length - 1].flight;

  const errors: Record<string, Text | string> = intlPassengerProblems(input.passengers, { depDate: first.depDate, destCity: last.arrCity });
  const types: PassengerType[] = [];
  input.passengers.forEach((p, i) => {
    const t = passengerTypeOn(p, first.depDate);
    if (!t) errors[`passengers.${i}.birthday`] = said("flight.invalidDateBirthAfterDeparture");
    else types.push(t);
  });
  const firstError = Object.values(errors)[0];
  if (firstError) throw new DomainError("badInput", firstError, { errors });
  const mix = passengerMixProblem(types);
  if (mix) throw new DomainError("badInput", mix, { errors: { passengers: mix } });

  const panel = intlPricePanel(segments.map((s) => s.seat.breakdown), types);
  const companyId = await companyIdOf(db, member);
  const count = (t: PassengerType) => types.filter((x) => x === t).length;
  const actor = memberActor(member);
  const business = input.travelType === "business";
  const flightNos = segments.map((s) => s.flight.flightNo).join("/");
  const fullFare = (seat: FlightSeat) => flightFullFareFen(seat.parPrice, seat.breakdown.INF.ticket, types, true);

  try {
    return await inTransaction(db, async (trx) => {
      const hold = await supplier.within(trx).holdItinerary(input.fareKeys, { adults: count("ADT"), children: count("CHD"), infants: count("INF") }, c);
      // The hold priced every segment again inside the transaction: what the buyer pays must be it.
      if (hold.amount !== panel.payprice) throw new DomainError("conflict", said("flight.fareHasChangedSearchFlights"));
      const at = isoAt();
      const status = FLIGHT_ORDER_STATUS.pendingPayment;
      const order = await trx
        .insertInto("orders")
        .values({
          ...flightOrderColumns({ memberId: member.id, companyId, status, panel, hold, contact: input, at }),
          international: 1,
          travellerMemberId: null,
          fullFareFen: segments.reduce((a, s) => a + fullFare(s.seat), 0),
          fareKey: input.fareKeys[0],
          depDate: first.depDate,
          title: flightOrderTitle(first.depCityName, last.arrCityName, flightNos),
          // The first segment stands where a domestic order has its one flight; every segment follows.
          snapshot: JSON.stringify({
            flight: { ...first, seats: undefined },
            seat: { ...segments[0].seat, insurance: undefined },
            segments: segments.map((s) => ({ flight: { ...s.flight, seats: undefined }, seat: { ...s.seat, insurance: undefined } })),
            itineraryKey: input.itineraryKey,
          }),
          travelType: input.travelType ?? null,
          applyId: null,
          overReasons: null,
          standardVerdict: business ? INTL_STANDARD_NOT_CHECKED : null,
        })
        .returning(["id", "orderNo"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_passengers")
        .values(
          input.passengers.map((p, i) => ({
            orderId: order.id,
            name: p.name,
            psgType: types[i],
            certType: p.certType,
            certNo: p.certNo.toUpperCase(),
            birthday: normaliseDate(p.birthday) ?? p.birthday,
            certExpiry: normaliseDate(p.certExpiry) ?? p.certExpiry,
            mobile: p.mobile ?? null,
            ...passengerMoneyColumns(panel.lines[i]),
            insuType: null,
            englishName: `${p.surname.toUpperCase()}/${p.givenName.toUpperCase()}`,
            nationality: p.nationality,
          })),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: business ? say("flight.businessBooking", { INTL_STANDARD_NOT_CHECKED }) : null, createTime: at })
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
