// Booking a hotel room: check the stay can be had at the price the buyer saw (a changed price is
// announced with old and new price unless the buyer accepted it), then hold the rooms for every
// night through the supplier and insert the order, its stay, nights, guests, first event and
// expiry job in ONE transaction: a room that cannot be had leaves nothing written. A business
// (因公) booking is held to the traveller's travel standard (the nightly cap of the city's tier)
// in the same transaction: refused, asked for a reason, or created 待审批 with its approval
// submitted through the approval engine. The traveller is the booker, or the colleague the
// booker may book for (代订), whose standard, trip application and approval flow then apply; the
// booker pays.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { HOTEL_ORDER_STATUS } from "../../../src/domain/orders/hotel";
import { hotelPricePanel, type HotelOrderInput } from "../../../src/domain/orders/hotel-booking";
import { HOTEL_SERVICE_FEE } from "../../../src/domain/travel/hotel";
import { memberActor } from "../actor";
import { companyIdOf } from "../flight/book";
import { existingOrder, newOrderNo, yuan, type BookReply } from "../booking";
import { scheduleHotelOrderExpiry } from "./jobs";
import { decideHotelBusiness } from "./business";
import { approvalApplicant, businessColumns, createNote, submitOrderApproval } from "../business";
import { travellerFor } from "../../policy/replace-booker";
import "../approval";
import { inTransaction } from "../../db/transaction";

export async function bookHotel(db: Kysely<Database>, member: Member, input: HotelOrderInput, seed?: string): Promise<BookReply> {
  const again = await existingOrder(db, member.id, input.clientKey);
  if (again) return again;

  // Replace-booking: the colleague travels under their own standard; the booker books and pays.
  const traveller = input.forEmployeeId !== undefined ? await travellerFor(db, member, input.forEmployeeId) : null;

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).hotel;
  const booking = { hotelId: input.hotelId, roomTypeId: input.roomTypeId, checkIn: input.checkIn, checkOut: input.checkOut, roomCount: input.roomCount };
  const check = await supplier.canBook(booking, c);
  if (!check.canBook || !check.room) throw new DomainError("conflict", check.reason ?? said("hotel.roomTypeBooked"));
  if (check.amount !== input.price && !input.acceptPrice) {
    throw new DomainError("conflict", said("hotel.roomRateHasChangedWas", { price: yuan(input.price), amount: yuan(check.amount) }), { data: {
      priceChanged: true,
      oldPrice: input.price,
      newPrice: check.amount,
    } });
  }
  const room = check.room;
  const base = await supplier.baseInfo(input.hotelId);
  const panel = hotelPricePanel(room.nightly, input.roomCount, HOTEL_SERVICE_FEE);
  const companyId = await companyIdOf(db, member);
  const actor = memberActor(member);

  try {
    return await inTransaction(db, async (trx) => {
      const biz = await decideHotelBusiness(trx, traveller ?? member, input, { city: { code: base.cityCode, name: base.cityName }, checkIn: input.checkIn, nightly: room.nightly });
      const status = biz.needApproval ? HOTEL_ORDER_STATUS.approving : HOTEL_ORDER_STATUS.pendingPayment;
      const hold = await supplier.within(trx).hold(booking, c);
      // The hold priced the stay again inside the transaction: what the buyer pays must be it.
      if (hold.amount !== check.amount || panel.total !== check.amount) throw new DomainError("conflict", said("hotel.roomRateHasChangedSearch"));
      const at = isoAt();
      const order = await trx
        .insertInto("orders")
        .values({
          orderNo: newOrderNo("H"),
          product: "hotel",
          memberId: member.id,
          companyId,
          bookerMemberId: member.id,
          travellerMemberId: traveller?.id ?? null,
          status,
          ticketFen: panel.roomTotal,
          constructionFeeFen: 0,
          fuelSurchargeFen: 0,
          serviceFeeFen: panel.serviceFee,
          insuranceFen: 0,
          totalFen: panel.total,
          fullFareFen: null,
          fareKey: `${input.hotelId}:${input.roomTypeId}:${input.checkIn}:${input.checkOut}`,
          holdId: hold.holdId,
          depDate: input.checkIn,
          title: `${base.name} ${room.name}`,
          snapshot: JSON.stringify({ room: { ...room, nightly: undefined }, hotel: { hotelId: base.hotelId, name: base.name, cityName: base.cityName } }),
          contactName: input.contactName,
          contactMobile: input.contactMobile,
          clientKey: input.clientKey,
          expiresAt: hold.expiresAt,
          createTime: at,
          updateTime: at,
          ...businessColumns(biz),
        })
        .returning(["id", "orderNo"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("hotel_orders")
        .values({
          orderId: order.id,
          hotelId: base.hotelId,
          roomTypeId: room.roomTypeId,
          cityName: base.cityName,
          hotelName: base.name,
          roomName: room.name,
          address: base.address,
          phone: base.phone,
          bedType: room.bedType,
          breakfast: room.breakfast,
          cancelPolicy: room.cancelPolicy,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          nights: room.nightly.length,
          roomCount: input.roomCount,
          arrivalTime: input.arrivalTime,
          remark: input.remark ?? null,
        })
        .execute();
      await trx.insertInto("hotel_order_nights").values(room.nightly.map((n) => ({ orderId: order.id, night: n.date, priceFen: n.price, rooms: input.roomCount }))).execute();
      await trx.insertInto("hotel_order_guests").values(input.guests.map((g, i) => ({ orderId: order.id, roomNo: i + 1, name: g.name }))).execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: createNote(traveller, biz.needApproval), createTime: at })
        .execute();
      await scheduleHotelOrderExpiry(trx, order.id, hold.expiresAt);
      // The approval must be decided while the rooms are held; the company may approve it at once.
      const current = biz.needApproval
        ? await submitOrderApproval(trx, {
            orderId: order.id, companyId: companyId!, applicant: approvalApplicant({ memberId: member.id, name: actor.name }, traveller),
            title: say("hotel.hotelOrder", { cityName: base.cityName, name: base.name, name2: room.name }), amountFen: panel.total,
            withinStandard: biz.withinStandard, fareDeadline: hold.expiresAt,
          })
        : status;
      return { id: order.id, orderNo: order.orderNo, status: current, payprice: panel.total, expiresAt: hold.expiresAt };
    });
  } catch (e) {
    // The same form submitted twice at once: the second insert meets the first's clientKey.
    const first = await existingOrder(db, member.id, input.clientKey);
    if (first) return first;
    throw e;
  }
}
