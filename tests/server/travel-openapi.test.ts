// The OpenAPI document describes every travel search route from the zod schema that validates it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: false });
});
afterAll(() => h?.close());

const ROUTES: [string, string[]][] = [
  ["/api/api/v1/trip_manager/air_city_search", ["keyword"]],
  ["/api/api/v1/trip_manager/air_ticket_domestic_flight/list", ["depCity", "arrCity", "depDate", "airlines", "depTimeStart", "cabinClass", "directOnly", "orderBy"]],
  ["/api/api/v1/trip_manager/air_ticket_domestic_flight/list_rt", ["depCity", "arrCity", "depDate", "retDate"]],
  ["/api/api/v1/trip_manager/air_ticket_domestic_flight/list_transit", ["depCity", "arrCity", "depDate", "transitCity"]],
  ["/api/api/v1/trip_manager/air_ticket_domestic_flight/calendar", ["depCity", "arrCity", "depDate"]],
  ["/api/api/v1/trip_manager/air_ticket_domestic_flight/verify", ["fareKey"]],
  ["/api/api/v1/trip_manager/air_ticket_inter_flight/list", ["depCity", "arrCity", "depDate", "cabinClass"]],
  ["/api/api/v1/train/station_search", ["keyword"]],
  ["/api/api/v1/train/train_list", ["fromStation", "toStation", "depDate", "trainTypes"]],
  ["/api/api/v1/train/train_transfer", ["fromStation", "toStation", "depDate", "transferCity"]],
  ["/api/hotel/queryCity", ["keyword"]],
  ["/api/hotel/areaInfo", ["cityCode"]],
  ["/api/hotel/search/choice", ["cityCode"]],
  ["/api/hotel/search/list_credit", ["cityCode", "checkIn", "checkOut", "stars", "brands", "districts", "priceMin", "pageNum"]],
  ["/api/hotel/search/baseinfo", ["hotelId"]],
  ["/api/hotel/search/priceinfo_credit", ["hotelId", "checkIn", "checkOut"]],
  ["/api/hotel/order/canBook", ["hotelId", "roomTypeId", "checkIn", "checkOut", "roomCount"]],
  ["/api/api/v1/trip_manager/car/quote", ["cityCode", "fromLat", "fromLng", "toLat", "toLng", "carType"]],
];

describe("OpenAPI", () => {
  it("documents each travel route, public, with its input fields", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, fields] of ROUTES) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op["x-access"]).toBe("public");
      expect(op.summary.length).toBeGreaterThan(4);
      const props = op.requestBody.content["application/x-www-form-urlencoded"].schema.properties;
      for (const f of fields) expect(props[f], `${path} ${f}`).toBeDefined();
    }
  });
});
