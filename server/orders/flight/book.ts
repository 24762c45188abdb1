// Booking a domestic flight: verify the fare (a changed price is announced with old and new
// price unless the buyer accepted it), then hold the seats through the supplier, insert the
// order, its passengers, its first event and its expiry job in ONE transaction: a seat that
// cannot be had leaves nothing written. A business (因公) booking is held to the booker's travel
// standard in the same transaction: refused, asked for a reason, or created 待审批 with its
// approval submitted through the approval engine.
import { selfPayFen } from "../../../src/domain/policy";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { BizError, RET } from "../../services/http/envelope";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import {
  passengerMixProblem, passengerTypeOn, pricePanel, type FlightOrderInput,
} from "../../../src/domain/orders/flight-booking";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import { flightFullFareFen, flightOrderTitle } from "../../../src/domain/reports";
import { memberActor } from "./moves";
import { existingOrder, yuan, type BookReply } from "../booking";
import { scheduleFlightOrderExpiry } from "./jobs";
import { flightOrderColumns, passengerMoneyColumns } from "./order-rows";
import { subordinatesOf } from "../../people/network";
import { decideBusiness } from "./business";
import { travellerFor } from "../../policy/replace-booker";
import { approvalApplicant, businessColumns, createNote, submitOrderApproval } from "../business";
import "../approval";
import { GP_MESSAGES, isGpFareKey } from "../../../src/domain/travel/gp-fares";

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
  // A 政府采购 fare needs each passenger's budget unit and official card: it has its own booking.
  if (isGpFareKey(input.fareKey)) throw new BizError(RET.BAD_INPUT, GP_MESSAGES.elsewhere, { errors: { fareKey: GP_MESSAGES.elsewhere } });

  // An agent books for a subordinate (quick order): the order is the agent's (it pays), the
  // subordinate is its traveller member, so the subordinate sees it too.
  if (input.forMemberId !== undefined) {
    const sub = await subordinatesOf(db, member).select("members.id").where("members.id", "=", input.forMemberId).executeTakeFirst();
    if (!sub) throw new BizError(RET.FORBIDDEN, "只能为您的下级会员下单");
  }

  // Replace-booking: the colleague travels under their own standard; the booker books and pays.
  const traveller = input.forEmployeeId !== undefined ? await travellerFor(db, member, input.forEmployeeId) : null;

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).flight;
  const v = await supplier.verify(input.fareKey, c);
  if (!v.available || !v.seat || !v.flight) throw new BizError(RET.CONFLICT, "该舱位已售完或已关闭，请重新查询航班");
  const seat = v.seat;
  const flight = v.flight;
  if (seat.salePrice !== input.price && !input.acceptPrice) {
    throw new BizError(RET.CONFLICT, `票价已变更：原价 ${yuan(input.price)}，现价 ${yuan(seat.salePrice)}，是否按新价格继续预订？`, {
      priceChanged: true,
      oldPrice: input.price,
      newPrice: seat.salePrice,
    });
  }

  const types: PassengerType[] = [];
  const errors: Record<string, string> = {};
  input.passengers.forEach((p, i) => {
    const t = passengerTypeOn(p, flight.depDate);
    if (!t) errors[`passengers.${i}.birthday`] = "出生日期不正确（不能晚于出发日期）";
    else types.push(t);
    if (p.insuType && !seat.insurance.some((o) => o.insuType === p.insuType)) errors[`passengers.${i}.insuType`] = "该航班不提供所选保险";
  });
  const first = Object.values(errors)[0];
  if (first) throw new BizError(RET.BAD_INPUT, first, { errors });
  const mix = passengerMixProblem(types);
  if (mix) throw new BizError(RET.BAD_INPUT, mix, { errors: { passengers: mix } });

  const panel = pricePanel(seat.breakdown, input.passengers.map((p, i) => ({ psgType: types[i], insuType: p.insuType })), seat.insurance);
  const companyId = await companyIdOf(db, member);
  const count = (t: PassengerType) => types.filter((x) => x === t).length;
  const actor = memberActor(member);

  try {
    return await db.transaction().execute(async (trx) => {
      const biz = await decideBusiness(trx, traveller ?? member, input, flight, seat, supplier.within(trx), c);
      const status = biz.needApproval ? FLIGHT_ORDER_STATUS.approving : FLIGHT_ORDER_STATUS.pendingPayment;
      const hold = await supplier.within(trx).hold(input.fareKey, { adults: count("ADT"), children: count("CHD"), infants: count("INF") }, c);
      // The hold priced the seats again inside the transaction: what the buyer pays must be it.
      if (hold.amount !== panel.payprice - panel.insurance) throw new BizError(RET.CONFLICT, "票价已变更，请重新查询航班后预订");
      const at = isoAt();
      const order = await trx
        .insertInto("orders")
        .values({
          ...flightOrderColumns({ memberId: member.id, companyId, status, panel, hold, contact: input, at }),
          travellerMemberId: input.forMemberId ?? traveller?.id ?? null,
          fullFareFen: flightFullFareFen(seat.parPrice, seat.breakdown.INF.ticket, types, flight.international),
          fareKey: input.fareKey,
          depDate: flight.depDate,
          title: flightOrderTitle(flight.depCityName, flight.arrCityName, flight.flightNo),
          snapshot: JSON.stringify({ flight: { ...flight, seats: undefined }, seat: { ...seat, insurance: undefined } }),
          ...businessColumns(biz),
          selfPayFen: selfPayFen(panel.lines.map((l) => l.tktPrice), biz.selfPayLimitFen),
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
            birthday: p.birthday ?? null,
            mobile: p.mobile ?? null,
            ...passengerMoneyColumns(panel.lines[i]),
            insuType: p.insuType ?? null,
          })),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: createNote(traveller, biz.needApproval), createTime: at })
        .execute();
      await scheduleFlightOrderExpiry(trx, order.id, hold.expiresAt);
      // The approval must be decided while the seats are held: its fare deadline is the hold's.
      // The company may approve it at once (within the standard, small amount): answer what it is now.
      const current = biz.needApproval
        ? await submitOrderApproval(trx, {
            orderId: order.id, companyId: companyId!, applicant: approvalApplicant({ memberId: member.id, name: actor.name }, traveller),
            title: `机票订单 · ${flight.depCityName} → ${flight.arrCityName} · ${flight.flightNo}`, amountFen: panel.payprice,
            withinStandard: biz.withinStandard, fareDeadline: hold.expiresAt,
          })
        : status;
      return { id: order.id, orderNo: order.orderNo, status: current, payprice: panel.payprice, expiresAt: hold.expiresAt };
    });
  } catch (e) {
    // The same form submitted twice at once: the second insert meets the first's clientKey.
    const first = await existingOrder(db, member.id, input.clientKey);
    if (first) return first;
    throw e;
  }
}

