// The embedded railway supplier: stations, train lists with seats per class, transfer
// suggestions, and booking (hold, issue, release, refund, change) over the generated inventory.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { addDays, minutesOf } from "../../../src/domain/travel/dates";
import { searchByPinyin } from "../../../src/domain/travel/pinyin";
import { TRAIN_SERVICE_FEE, trainRefundFee, type SeatClass } from "../../../src/domain/travel/train";
import { connectionMinutes, trainConnectionProblem } from "../../../src/domain/travel/transit";
import type { HoldRecord, StationItem, TrainItem, TrainListReply, TrainTransfer } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { soldElsewhere } from "../../inventory/demand";
import { loadPlaces } from "../../inventory/places";
import { confirmHold, createHold, findHold, refundHold, releaseHold } from "../holds";
import { paymentWindowMinutes } from "../../services/payment-window";
import { checkDate } from "../flight/embedded";
import { isAccount12306, isPassword12306, type Rail12306Passenger } from "../../../src/domain/orders/train-account";
import { TRAIN_CERT_TYPES } from "../../../src/domain/orders/train-booking";
import { passengerTypeOf } from "../../../src/domain/people/traveller";
import { parseYMD } from "../../../src/domain/format";
import { seatNumbers } from "./seats";
import type { ChangeResult, RefundResult, SupplierContext, TrainQuery, TrainSupplier } from "../types";
import {
  ensureRuns, ensureTimetable, findLegs, instantOf, onRun, readRunChanges, readSeats, readStops, resolveStations, runDateOf, stoppedRun, trainItem, type Leg, type RunChange, type TrainSource,
} from "./load";

const TRAIN_KEY = /^(\d{4}-\d{2}-\d{2}):([GDCZTK]\d{1,4}):([\u4e00-\u9fa5]{2,8}):([\u4e00-\u9fa5]{2,8})$/;

function inWindow(time: string, start?: string, end?: string): boolean {
  const t = minutesOf(time) ?? 0;
  return (!start || t >= (minutesOf(start) ?? 0)) && (!end || t <= (minutesOf(end) ?? 1439));
}

export class EmbeddedTrainSupplier implements TrainSupplier {
  constructor(
    private db: Kysely<Database>,
    private seed: string,
    private root: Kysely<Database> = db,
  ) {}

  /** The same supplier writing in the caller's transaction (an order that holds seats and inserts itself in one). */
  within(trx: Kysely<Database>): EmbeddedTrainSupplier {
    return new EmbeddedTrainSupplier(trx, this.seed, this.root);
  }

  private async source(): Promise<TrainSource> {
    const src = { db: this.db, seed: this.seed, places: await loadPlaces(), cacheOf: this.root };
    await ensureTimetable(src);
    return src;
  }

  async stations(keyword: string | undefined): Promise<StationItem[]> {
    const places = await loadPlaces();
    const list = keyword ? searchByPinyin(places.stationList, keyword, (s) => s.keys, (s) => [s.code], 20) : places.stationList.filter((s) => s.hot);
    return list.map((s) => ({ name: s.name, code: s.code, cityName: s.city, pinyin: s.keys.full, initials: s.keys.initials, hot: s.hot }));
  }

  private async endpoints(src: TrainSource, q: { fromStation: string; toStation: string; depDate: string }, c: SupplierContext) {
    const from = resolveStations(src.places, q.fromStation, "fromStation", say("train.departureStation"));
    const to = resolveStations(src.places, q.toStation, "toStation", say("train.arrivalStation"));
    if (from[0].city === to[0].city) throw new DomainError("badInput", said("train.departureArrivalSameCity"), { errors: { toStation: said("train.departureArrivalSameCity") } });
    checkDate(q.depDate, c.today, "depDate", say("flight.departureDate"));
    return { from, to };
  }

  /**
   * Priced items of legs leaving on `depDate`. The timetable puts one run of each leg on that
   * date; a 航变 may move a run's departure at this leg's station across midnight (a time change
   * at another station shifts the stops after it), so a run moved off the date is listed on the
   * date it now leaves, and a neighbouring day's run moved onto it is listed here.
   */
  private async items(src: TrainSource, legs: Leg[], depDate: string, c: SupplierContext): Promise<TrainItem[]> {
    const candidates = legs.flatMap((leg) => [-1, 0, 1].map((d) => ({ leg, runDate: addDays(runDateOf(leg, depDate), d) })));
    const changes = await readRunChanges(src, candidates.map((r) => ({ runDate: r.runDate, trainNo: r.leg.trainNo })));
    const leavesOn = (r: { leg: Leg; runDate: string }) => {
      const change = changes.get(`${r.runDate}:${r.leg.trainNo}`);
      const depMin = change?.times[r.leg.fromSeq]?.[1] ?? r.leg.depMin;
      return addDays(r.runDate, Math.floor(depMin / 1440));
    };
    return this.runItems(src, candidates.filter((r) => leavesOn(r) === depDate), changes, c);
  }

  /** Priced items of the given runs, each with its own times (`changes` holds theirs, when read). */
  private async runItems(src: TrainSource, runs: { leg: Leg; runDate: string }[], known: Map<string, RunChange> | null, c: SupplierContext): Promise<TrainItem[]> {
    await ensureRuns(src, [...new Set(runs.map((r) => r.runDate))]);
    const seats = await readSeats(src, runs.map((r) => ({ runDate: r.runDate, trainNo: r.leg.trainNo })));
    const stops = await readStops(src, runs.map((r) => r.leg.trainNo));
    // A run a 航变 changed has that day's times, and a stopped one sells nothing.
    const changes = known ?? (await readRunChanges(src, runs.map((r) => ({ runDate: r.runDate, trainNo: r.leg.trainNo }))));
    return runs.map((r) => {
      const key = `${r.runDate}:${r.leg.trainNo}`;
      const change = changes.get(key);
      const run = onRun(r.leg, stops.get(r.leg.trainNo) ?? [], change);
      const item = trainItem(this.seed, c.today, run.leg, r.runDate, seats.get(key) ?? [], run.stops);
      return change?.cancelled ? stoppedRun(item) : item;
    });
  }

  async search(q: TrainQuery, c: SupplierContext): Promise<TrainListReply> {
    const src = await this.source();
    const { from, to } = await this.endpoints(src, q, c);
    const all = await this.items(src, await findLegs(src, from.map((s) => s.name), to.map((s) => s.name)), q.depDate, c);
    const list = all.filter(
      (t) =>
        (!q.trainTypes?.length || q.trainTypes.includes(t.trainType)) &&
        (!q.fromStations?.length || q.fromStations.includes(t.fromStation)) &&
        (!q.toStations?.length || q.toStations.includes(t.toStation)) &&
        inWindow(t.depTime, q.depTimeStart, q.depTimeEnd) &&
        inWindow(t.arrTime, q.arrTimeStart, q.arrTimeEnd) &&
        (!q.onlyAvailable || t.lowestPrice !== null),
    );
    const key = (t: TrainItem) =>
      q.orderBy === "price" ? t.lowestPrice ?? Number.MAX_SAFE_INTEGER : q.orderBy === "duration" ? t.durationMin : q.orderBy === "arrTime" ? instantOf(t.arrDate, minutesOf(t.arrTime) ?? 0) : minutesOf(t.depTime) ?? 0;
    const dir = q.orderType === "desc" ? -1 : 1;
    list.sort((a, b) => (key(a) - key(b)) * dir || a.trainNo.localeCompare(b.trainNo));
    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    return {
      fromCity: from[0].city,
      toCity: to[0].city,
      depDate: q.depDate,
      list,
      total: list.length,
      facets: { trainTypes: uniq(all.map((t) => t.trainType)).sort(), fromStations: uniq(all.map((t) => t.fromStation)), toStations: uniq(all.map((t) => t.toStation)) },
    };
  }

  async transfers(
    q: { fromStation: string; toStation: string; depDate: string; transferCity?: string; orderBy: "duration" | "depTime" | "price"; orderType: "asc" | "desc" },
    c: SupplierContext,
  ): Promise<TrainTransfer[]> {
    const src = await this.source();
    const { from, to } = await this.endpoints(src, q, c);
    const cityOf = (station: string) => src.places.stations.get(station)!.city;
    const excluded = new Set([from[0].city, to[0].city]);
    const viaOk = (station: string) => !excluded.has(cityOf(station)) && (!q.transferCity || cityOf(station) === q.transferCity.replace(/市$/, ""));
    const firstLegs = (await findLegs(src, from.map((s) => s.name), null)).filter((l) => viaOk(l.toStation));
    const secondLegs = (await findLegs(src, null, to.map((s) => s.name))).filter((l) => viaOk(l.fromStation));
    const firsts = await this.items(src, firstLegs, q.depDate, c);
    // A second train may leave the day of arrival or the next.
    const seconds = [
      ...(await this.items(src, secondLegs, q.depDate, c)),
      ...(await this.items(src, secondLegs, addDays(q.depDate, 1), c)),
    ];
    const at = (t: TrainItem, side: "dep" | "arr") => instantOf(side === "dep" ? t.depDate : t.arrDate, minutesOf(side === "dep" ? t.depTime : t.arrTime) ?? 0);
    const out: TrainTransfer[] = [];
    for (const a of firsts) {
      for (const b of seconds) {
        if (a.trainNo === b.trainNo || cityOf(a.toStation) !== cityOf(b.fromStation)) continue;
        const arrival = { place: a.toStation, city: cityOf(a.toStation), at: at(a, "arr") };
        const departure = { place: b.fromStation, city: cityOf(b.fromStation), at: at(b, "dep") };
        if (trainConnectionProblem(arrival, departure) !== null) continue;
        const prices = [a.lowestPrice, b.lowestPrice];
        out.push({
          key: `${a.trainKey}+${b.trainKey}`,
          first: a,
          second: b,
          connection: { place: b.fromStation, placeName: b.fromStation, cityName: arrival.city, minutes: connectionMinutes(arrival, departure), changePlace: a.toStation !== b.fromStation },
          totalDurationMin: Math.round((at(b, "arr") - at(a, "dep")) / 60_000),
          lowestPrice: prices.every((p) => p !== null) ? prices[0]! + prices[1]! : null,
        });
      }
    }
    const key = (t: TrainTransfer) => (q.orderBy === "price" ? t.lowestPrice ?? Number.MAX_SAFE_INTEGER : q.orderBy === "depTime" ? at(t.first, "dep") : t.totalDurationMin);
    const dir = q.orderType === "desc" ? -1 : 1;
    return out.sort((x, y) => (key(x) - key(y)) * dir || x.key.localeCompare(y.key)).slice(0, 30);
  }

  async train(trainKey: string, c: SupplierContext): Promise<TrainItem> {
    const m = TRAIN_KEY.exec(trainKey);
    if (!m) throw new DomainError("badInput", said("train.invalidTrainNumber"));
    const [, runDate, trainNo, fromStation, toStation] = m;
    const src = await this.source();
    const legs = (await findLegs(src, [fromStation], [toStation])).filter((l) => l.trainNo === trainNo);
    if (!legs.length) throw new DomainError("badInput", said("train.invalidTrainNumber"));
    // The run the key names, whatever date a 航变 has it leave on now.
    const [item] = await this.runItems(src, [{ leg: legs[0], runDate }], null, c);
    return item;
  }

  async hold(trainKey: string, seatClass: SeatClass, count: number, c: SupplierContext, children = 0): Promise<HoldRecord> {
    if (children < 0 || children > count) throw new DomainError("badInput", said("train.invalidNumberChildTickets"));
    const item = await this.train(trainKey, c);
    const seat = item.seats.find((s) => s.seatClass === seatClass);
    if (!seat) throw new DomainError("badInput", said("train.trainHasNoSuchSeat"));
    if (item.stopped) throw new DomainError("conflict", said("train.runStopped", { trainNo: item.trainNo, date: item.depDate }));
    if (instantOf(item.depDate, minutesOf(item.depTime) ?? 0) <= now()) throw new DomainError("conflict", said("train.trainHasDeparted"));
    if (seat.left < count) throw new DomainError("conflict", seat.left ? said("train.onlyTicketsLeft", { seatName: seat.seatName, left: seat.left }) : said("train.soldOut", { seatName: seat.seatName }));
    const row = await this.db.selectFrom("train_seats").select("total").where("runDate", "=", item.runDate).where("trainNo", "=", item.trainNo).where("seatClass", "=", seatClass).executeTakeFirstOrThrow();
    return createHold(this.db, {
      product: "train",
      lines: [{ table: "train_seats", key: { runDate: item.runDate, trainNo: item.trainNo, seatClass }, n: count, guard: soldElsewhere(this.seed, `${item.runDate}|${item.trainNo}|${seatClass}`, item.depDate, c.today, row.total, seatClass === "9" || seatClass === "4") }],
      quantity: count,
      amount: seat.price * (count - children) + seat.childPrice * children + TRAIN_SERVICE_FEE * count,
      description: `${item.trainNo} ${item.depDate} ${item.depTime} ${item.fromStation}-${item.toStation} ${seat.seatName}`,
      // Adults' fares first, then the children's half fares: each ticket's refund fee is its own.
      detail: { trainKey, seatClass, price: seat.price, count, children, fares: [...Array<number>(count - children).fill(seat.price), ...Array<number>(children).fill(seat.childPrice)], depAt: instantOf(item.depDate, minutesOf(item.depTime) ?? 0) },
      ttlMinutes: paymentWindowMinutes(),
      soldOut: said("train.enoughTicketsChooseAnotherTrain", { seatName: seat.seatName }),
    });
  }

  async confirm(holdId: string, seatChoices: readonly (string | null)[] = []) {
    const d = (await this.own(holdId)).detail as { seatClass: SeatClass; count: number };
    const hold = await confirmHold(this.db, holdId, `E${String(now()).slice(-9)}`);
    const seats = seatNumbers(d.seatClass, Array.from({ length: d.count }, (_, i) => seatChoices[i] ?? null));
    return { ...hold, reference: hold.reference!, seats };
  }

  async cancel(holdId: string) {
    await this.own(holdId);
    return releaseHold(this.db, holdId);
  }

  async refund(holdId: string, _c: SupplierContext): Promise<RefundResult> {
    const before = await this.own(holdId);
    const d = before.detail as { fares: number[]; depAt: number };
    const fee = d.fares.reduce((s, fare) => s + trainRefundFee(fare, (d.depAt - now()) / 3_600_000), 0);
    const hold = await refundHold(this.db, holdId);
    return { hold, fee, refund: d.fares.reduce((s, fare) => s + fare, 0) - fee };
  }

  async change(holdId: string, trainKey: string, seatClass: SeatClass, c: SupplierContext): Promise<ChangeResult> {
    const before = await this.own(holdId);
    const d = before.detail as { fares: number[]; count: number; children?: number };
    const hold = await this.hold(trainKey, seatClass, d.count, c, d.children ?? 0);
    const next = (await findHold(this.db, hold.holdId)).detail as { fares: number[] };
    const released = before.status === "confirmed" ? await refundHold(this.db, holdId) : await releaseHold(this.db, holdId);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    return { released, hold, changeFee: 0, fareDifference: Math.max(0, sum(next.fares) - sum(d.fares)) };
  }

  /**
   * The sandbox's 12306: any account that passes the railway's format rule signs in with any
   * password of 6–20 characters, and its 常用联系人 are the member's saved travellers (each with
   * their first certificate the railway accepts; a child by birthday travels on a child ticket).
   * Deterministic, so tests and the demo can book into an account.
   */
  async signIn12306(username: string, password: string, c: SupplierContext): Promise<Rail12306Passenger[]> {
    if (!isAccount12306(username) || !isPassword12306(password)) throw new DomainError("badInput", said("train.wrong12306AccountPassword"), { errors: { password12306: said("train.wrong12306AccountPassword") } });
    if (!c.memberId) return [];
    const people = await this.root
      .selectFrom("travellers")
      .select(["id", "name", "surname", "givenName", "birthday"])
      .where("ownerKind", "=", "member")
      .where("ownerId", "=", c.memberId)
      .orderBy("id")
      .execute();
    if (!people.length) return [];
    const certs = await this.root
      .selectFrom("traveller_certificates")
      .select(["travellerId", "certType", "certNo"])
      .where("travellerId", "in", people.map((p) => p.id))
      .where("certType", "in", [...TRAIN_CERT_TYPES])
      .orderBy("travellerId")
      .orderBy("sort")
      .execute();
    const out: Rail12306Passenger[] = [];
    for (const p of people) {
      const cert = certs.find((x) => x.travellerId === p.id);
      const name = p.name ?? (p.surname && p.givenName ? `${p.surname}/${p.givenName}` : null);
      if (!cert || !name) continue;
      out.push({ name, certType: cert.certType, certNo: cert.certNo, passengerType: passengerTypeOf(p.birthday, parseYMD(c.today) ?? undefined) === "ADT" ? "adult" : "child" });
    }
    return out;
  }

  private async own(holdId: string) {
    const hold = await findHold(this.db, holdId);
    if (hold.product !== "train") throw new DomainError("notFound", said("train.trainSeatHoldFound"));
    return hold;
  }
}
