// Booking a train ticket: read the train and seat class as they are now, price the passengers'
// tickets (children at the railway's half fare) and hold the seats through the railway, inserting
// the order, its train, passengers, first event and expiry job in ONE transaction: seats that
// cannot be had leave nothing written, and the last seat goes to exactly one buyer. A business
// (因公) booking is held to the traveller's travel standard (its seat classes) in the same
// transaction: refused, asked for a reason, or created 待审批 with its approval submitted through
// the approval engine. The traveller is the booker, or the colleague the booker may book for
// (代订), whose standard, trip application and approval flow then apply; the booker pays.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import type { SupplierContext, TrainSupplier } from "../../suppliers/types";
import { inAccount } from "../../../src/domain/orders/train-account";
import { TRAIN_ORDER_STATUS } from "../../../src/domain/orders/train";
import { fareOf, trainPricePanel, withTypesFromCerts, type TrainOrderInput } from "../../../src/domain/orders/train-booking";
import { TRAIN_SERVICE_FEE } from "../../../src/domain/travel/train";
import { memberActor } from "../actor";
import { companyIdOf } from "../flight/book";
import { existingOrder, newOrderNo, type BookReply } from "../booking";
import { scheduleTrainOrderExpiry } from "./jobs";
import { decideTrainBusiness } from "./business";
import { approvalApplicant, businessColumns, createNote, submitOrderApproval } from "../business";
import { travellerFor } from "../../policy/replace-booker";
import "../approval";
import { inTransaction } from "../../db/transaction";

export async function bookTrain(db: Kysely<Database>, member: Member, input: TrainOrderInput, seed?: string): Promise<BookReply> {
  const again = await existingOrder(db, member.id, input.clientKey);
  if (again) return again;

  // Replace-booking: the colleague travels under their own standard; the booker books and pays.
  const traveller = input.forEmployeeId !== undefined ? await travellerFor(db, member, input.forEmployeeId) : null;

  const c = await supplierContext(db, member);
  const supplier = suppliersFor(db, seed).train;
  const account = input.channel === "ab" ? await accountPassengers(supplier, input, c) : null;
  const train = await supplier.train(input.trainKey, c);
  const seat = train.seats.find((s) => s.seatClass === input.seatClass);
  if (!seat) throw new DomainError("badInput", said("train.trainHasNoSuchSeat"), { errors: { seatClass: said("train.trainHasNoSuchSeat") } });
  // A child's ID card travels on a 儿童票 whatever type was sent: the price charged follows the card.
  const passengers = withTypesFromCerts(input.passengers, train.depDate);
  if (!passengers.some((p) => p.passengerType === "adult")) throw new DomainError("badInput", said("train.childTicketsMustBoughtTogether"), { errors: { passengers: said("train.childTicketsMustBoughtTogether") } });
  const types = passengers.map((p) => p.passengerType);
  const panel = trainPricePanel(seat, types, TRAIN_SERVICE_FEE);
  const children = types.filter((t) => t === "child").length;
  const companyId = await companyIdOf(db, member);
  const actor = memberActor(member);
  const { stops: _stops, seats: _seats, ...snapshot } = train;

  try {
    return await inTransaction(db, async (trx) => {
      const biz = await decideTrainBusiness(trx, traveller ?? member, input, train, seat.seatClass);
      const status = biz.needApproval ? TRAIN_ORDER_STATUS.approving : TRAIN_ORDER_STATUS.pendingPayment;
      const hold = await supplier.within(trx).hold(input.trainKey, input.seatClass, types.length, c, children);
      // The hold priced the tickets again inside the transaction: what the buyer pays must be it.
      if (hold.amount !== panel.total) throw new DomainError("conflict", said("train.fareHasChangedSearchAgain"));
      const at = isoAt();
      const order = await trx
        .insertInto("orders")
        .values({
          orderNo: newOrderNo("T"),
          product: "train",
          memberId: member.id,
          companyId,
          bookerMemberId: member.id,
          travellerMemberId: traveller?.id ?? null,
          status,
          ticketFen: panel.ticketTotal,
          constructionFeeFen: 0,
          fuelSurchargeFen: 0,
          serviceFeeFen: panel.serviceFee,
          insuranceFen: 0,
          totalFen: panel.total,
          fullFareFen: null,
          fareKey: `${input.trainKey}:${input.seatClass}`,
          holdId: hold.holdId,
          depDate: train.depDate,
          title: `${train.trainNo} ${train.fromStation}—${train.toStation} ${seat.seatName}`,
          snapshot: JSON.stringify({ train: snapshot, seat: { seatClass: seat.seatClass, seatName: seat.seatName, price: seat.price, childPrice: seat.childPrice } }),
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
        .insertInto("train_orders")
        .values({
          orderId: order.id,
          trainKey: train.trainKey,
          trainNo: train.trainNo,
          trainTypeName: train.trainTypeName,
          fromStation: train.fromStation,
          toStation: train.toStation,
          depDate: train.depDate,
          depTime: train.depTime,
          arrDate: train.arrDate,
          arrTime: train.arrTime,
          durationMin: train.durationMin,
          departAt: departAtOf(train),
          seatClass: seat.seatClass,
          seatName: seat.seatName,
          channel: input.channel ?? null,
          // The account's user name only: the password served the sign-in above and goes no further.
          account12306: account,
        })
        .execute();
      await trx
        .insertInto("train_order_passengers")
        .values(passengers.map((p) => ({
          orderId: order.id, name: p.name, certType: p.certType, certNo: p.certNo.toUpperCase(), passengerType: p.passengerType, fareFen: fareOf(seat, p.passengerType), seatChoice: p.seatChoice ?? null,
        })))
        .execute();
      await trx
        .insertInto("order_events")
        .values({ orderId: order.id, action: "create", fromStatus: null, toStatus: status, actorMemberId: member.id, actorName: actor.name, note: createNote(traveller, biz.needApproval), createTime: at })
        .execute();
      await scheduleTrainOrderExpiry(trx, order.id, hold.expiresAt);
      // The approval must be decided while the seats are held; the company may approve it at once.
      const current = biz.needApproval
        ? await submitOrderApproval(trx, {
            orderId: order.id, companyId: companyId!, applicant: approvalApplicant({ memberId: member.id, name: actor.name }, traveller),
            title: say("train.trainOrder", { fromStation: train.fromStation, toStation: train.toStation, trainNo: train.trainNo, seatName: seat.seatName }), amountFen: panel.total,
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

/**
 * Signs in to the member's 12306 account for a ticket bought into it: a refused account, or a
 * passenger who is not one of the account's 常用联系人, stops the booking before anything is written.
 */
async function accountPassengers(supplier: TrainSupplier, input: TrainOrderInput, c: SupplierContext): Promise<string> {
  const username = input.account12306!;
  const people = await supplier.signIn12306(username, input.password12306!, c);
  input.passengers.forEach((p, i) => {
    if (!inAccount(people, p)) {
      const message = said("train.passengerAmongFrequentContacts12306", { name: p.name });
      throw new DomainError("badInput", message, { errors: { [`passengers.${i}.name`]: message } });
    }
  });
  return username;
}

/** The departure instant (China wall clock on the departure date), as ISO. */
export function departAtOf(train: { depDate: string; depTime: string }): string {
  return new Date(`${train.depDate}T${train.depTime}:00+08:00`).toISOString();
}
