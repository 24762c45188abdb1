// Travel inventory of the embedded suppliers. Generated rows are keyed by natural keys (flight
// key, train run, room type and night) so a day built on first touch is the same as one built
// at start. Counts are `total` and `remaining` (per cabin on flights); holds take seats and rooms with a conditional
// update (remaining >= n) and give them back on release. Money is integer fen.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  // Which (product, scope, day) has been generated: inserted in the same transaction as its rows.
  await db.schema
    .createTable("inventory_marks")
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("inventory_marks_pk", ["product", "scope", "day"])
    .execute();

  await db.schema
    .createTable("air_flights")
    .addColumn("flightKey", "text", (c) => c.primaryKey())
    .addColumn("flightDate", "text", (c) => c.notNull())
    .addColumn("flightNo", "text", (c) => c.notNull())
    .addColumn("airline", "text", (c) => c.notNull())
    .addColumn("depAirport", "text", (c) => c.notNull())
    .addColumn("arrAirport", "text", (c) => c.notNull())
    .addColumn("depCity", "text", (c) => c.notNull())
    .addColumn("arrCity", "text", (c) => c.notNull())
    .addColumn("depTime", "text", (c) => c.notNull())
    .addColumn("arrDate", "text", (c) => c.notNull())
    .addColumn("arrTime", "text", (c) => c.notNull())
    .addColumn("depUtc", "text", (c) => c.notNull())
    .addColumn("arrUtc", "text", (c) => c.notNull())
    .addColumn("durationMin", "integer", (c) => c.notNull())
    .addColumn("distanceKm", "integer", (c) => c.notNull())
    .addColumn("aircraft", "text", (c) => c.notNull())
    .addColumn("stopAirport", "text")
    .addColumn("stopMinutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("international", "integer", (c) => c.notNull())
    .addColumn("meal", "integer", (c) => c.notNull())
    .addColumn("depTerminal", "text", (c) => c.notNull())
    .addColumn("arrTerminal", "text", (c) => c.notNull())
    // Seats per cabin (first F, business C, economy Y): the cabin's published full fare, its
    // seats and how many remain. An aircraft without the cabin has total 0.
    .addColumn("fPar", "integer", (c) => c.notNull())
    .addColumn("fTotal", "integer", (c) => c.notNull())
    .addColumn("fRemaining", "integer", (c) => c.notNull())
    .addColumn("cPar", "integer", (c) => c.notNull())
    .addColumn("cTotal", "integer", (c) => c.notNull())
    .addColumn("cRemaining", "integer", (c) => c.notNull())
    .addColumn("yPar", "integer", (c) => c.notNull())
    .addColumn("yTotal", "integer", (c) => c.notNull())
    .addColumn("yRemaining", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("air_flights_route").on("air_flights").columns(["flightDate", "depCity", "arrCity"]).execute();

  await db.schema
    .createTable("train_stops")
    .addColumn("trainNo", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("station", "text", (c) => c.notNull())
    .addColumn("trainType", "text", (c) => c.notNull())
    // Minutes from midnight of the run's first day; null arrival at the origin, departure at the terminus.
    .addColumn("arrMin", "integer")
    .addColumn("depMin", "integer")
    .addColumn("distanceKm", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("train_stops_pk", ["trainNo", "seq"])
    .execute();
  await db.schema.createIndex("train_stops_station").on("train_stops").columns(["station", "trainNo"]).execute();

  await db.schema
    .createTable("train_seats")
    .addColumn("runDate", "text", (c) => c.notNull())
    .addColumn("trainNo", "text", (c) => c.notNull())
    .addColumn("seatClass", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("remaining", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("train_seats_pk", ["runDate", "trainNo", "seatClass"])
    .execute();

  await db.schema
    .createTable("hotels")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("cityCode", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("star", "integer", (c) => c.notNull())
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("landmark", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("lat", "double precision", (c) => c.notNull())
    .addColumn("lng", "double precision", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull()) // tenths: 46 = 4.6
    .addColumn("openYear", "integer", (c) => c.notNull())
    .addColumn("renovationYear", "integer", (c) => c.notNull())
    .addColumn("facilities", "text", (c) => c.notNull()) // JSON array of names
    .addColumn("description", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hotels_city").on("hotels").columns(["cityCode", "star"]).execute();

  await db.schema
    .createTable("hotel_room_types")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("hotelId", "integer", (c) => c.notNull().references("hotels.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bedType", "text", (c) => c.notNull())
    .addColumn("areaSqm", "integer", (c) => c.notNull())
    .addColumn("maxGuests", "integer", (c) => c.notNull())
    .addColumn("breakfast", "integer", (c) => c.notNull())
    .addColumn("cancelPolicy", "text", (c) => c.notNull())
    .addColumn("baseRate", "integer", (c) => c.notNull())
    .addColumn("rooms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hotel_room_types_hotel").on("hotel_room_types").column("hotelId").execute();

  await db.schema
    .createTable("hotel_nights")
    .addColumn("roomTypeId", "integer", (c) => c.notNull())
    .addColumn("night", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("remaining", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("hotel_nights_pk", ["roomTypeId", "night"])
    .execute();

  // A hold takes inventory for an order until it is confirmed or released; the orders' job
  // runner releases expired holds. `lines` is the JSON list of what was taken.
  await db.schema
    .createTable("inventory_holds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inventory_holds_expiry").on("inventory_holds").columns(["status", "expiresAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["inventory_holds", "hotel_nights", "hotel_room_types", "hotels", "train_seats", "train_stops", "air_flights", "inventory_marks"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
