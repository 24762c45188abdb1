// Ride quotes for company car use (public): by city, from/to coordinates and car type.
import { carQuoteInput } from "../../src/domain/travel/schemas";
import type { CarType } from "../../src/domain/travel/car";
import { defineRoute } from "../services/http/route";
import { supplierContext, suppliersFor } from "../suppliers";

export function carRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/trip_manager/car/quote",
      summary: "用车报价：城市、起终点坐标、车型（经济型/舒适型/商务型，不传则全部），含起步价、里程费、时长费与夜间加价",
      tags: ["car"],
      access: "public",
      input: carQuoteInput,
      handler: async ({ input, member, ctx }) =>
        suppliersFor(ctx.db, seed).car.quote(
          { cityCode: input.cityCode, from: { lat: input.fromLat, lng: input.fromLng }, to: { lat: input.toLat, lng: input.toLng }, carType: input.carType as CarType | undefined, departTime: input.departTime },
          await supplierContext(ctx.db, member),
        ),
    }),
  ];
}
