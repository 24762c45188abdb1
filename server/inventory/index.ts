// Generating the whole sales window at start: every route, train run and hotel night from today
// to today + 60 days, one day per transaction so memory stays flat. Days already generated are
// skipped, so a restart only adds the days that came into the window. The same functions write
// lazily generated days, so both give identical rows. A day whose every product is written gets
// a mark of its own (product "window"): a restart finds those in one query and, when the whole
// window is there, never loads the reference places or builds the networks, which a server
// that is only restarted would otherwise carry (about 10 MB) before anyone searches.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addDays, chinaDate, SALES_WINDOW_DAYS } from "../../src/domain/travel/dates";
import { now } from "../services/clock";
import { airNetwork } from "./air/network";
import { writeFlights } from "./air/generate";
import { writeCatalog, writeNights } from "./hotel/generate";
import { loadPlaces } from "./places";
import { ensureGenerated, isMarked, preloadMarks } from "./store";
import { writeTimetable, writeTrainSeats } from "./train/generate";

export interface GenerationReport {
  days: number;
  ms: number;
  /** False when `stop` ended the run early (shutdown); the rest is generated on touch or next start. */
  complete: boolean;
}

export async function generateInventory(
  db: Kysely<Database>,
  seed: string,
  days = SALES_WINDOW_DAYS,
  stop: () => boolean = () => false,
): Promise<GenerationReport> {
  const started = Date.now();
  const stopped = () => ({ days: 0, ms: Date.now() - started, complete: false });
  if (stop()) return stopped();
  const today = chinaDate(now());
  const window = Array.from({ length: days + 1 }, (_, i) => addDays(today, i));
  const last = window[window.length - 1];
  await preloadMarks(db, WHOLE_DAY, today, last);
  const dates = window.filter((day) => !isMarked(db, WHOLE_DAY, { scope: "all", day }));
  if (!dates.length) return { days: window.length, ms: Date.now() - started, complete: true };
  const places = await loadPlaces();
  if (stop()) return stopped();
  for (const product of ["air", "train", "hotel-nights"]) await preloadMarks(db, product, today, last);
  await preloadMarks(db, "train-timetable", "-", "-");
  await preloadMarks(db, "hotel-catalog", "-", "-");

  const origins = [...airNetwork(seed, places).destinations.keys()];
  await ensureGenerated(db, "train-timetable", [{ scope: "all", day: "-" }], (trx) => writeTimetable(trx, seed, places));
  if (stop()) return stopped();
  await ensureGenerated(db, "hotel-catalog", places.hotelCityList.map((c) => ({ scope: c.cityCode, day: "-" })), (trx, marks) => writeCatalog(trx, seed, places, marks));
  for (const day of dates) {
    // SQLite statements run synchronously: give the event loop a turn so requests are served meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    if (stop()) return { days: dates.indexOf(day), ms: Date.now() - started, complete: false };
    await ensureGenerated(db, "air", origins.map((scope) => ({ scope, day })), (trx, marks) => writeFlights(trx, seed, places, marks));
    await ensureGenerated(db, "train", [{ scope: "all", day }], (trx, marks) => writeTrainSeats(trx, seed, places, marks));
    await ensureGenerated(db, "hotel-nights", places.hotelCityList.map((c) => ({ scope: c.cityCode, day })), (trx, marks) => writeNights(trx, seed, places, marks));
    await ensureGenerated(db, WHOLE_DAY, [{ scope: "all", day }], async () => {});
  }
  return { days: window.length, ms: Date.now() - started, complete: true };
}

/** The mark of a day whose flights, trains and hotel nights (and the catalogues) are all written. */
const WHOLE_DAY = "window";
