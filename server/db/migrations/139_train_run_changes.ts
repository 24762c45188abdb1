// A train's timetable as it runs on one date when a 航变 moved or stopped that run. The railway's
// timetable (train_stops) is one for every day; a recorded change applies to its run date only,
// so searches, bookings and changes read this row over the timetable:
// - times: JSON array, one [arrMin, depMin] per stop in seq order (minutes from midnight of the
//   run date, as train_stops keeps them), the run's times after the change;
// - cancelled: 1 once a 停运 is recorded, when the run sells no more tickets.
// One row per run (the latest change rewrites it); the disruption that wrote it last is kept.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("train_run_changes")
    .addColumn("runDate", "text", (c) => c.notNull())
    .addColumn("trainNo", "text", (c) => c.notNull())
    .addColumn("times", "text", (c) => c.notNull())
    .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disruptionId", "integer", (c) => c.notNull().references("disruptions.id"))
    .addColumn("updateTime", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("train_run_changes_pk", ["runDate", "trainNo"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("train_run_changes").ifExists().execute();
}
