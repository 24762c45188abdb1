// The travel search areas (flights, trains, hotels, car use), registered together with the inventory seed they read.
import { flightRoutes } from "./flights";
import { trainRoutes } from "./trains";
import { hotelRoutes } from "./hotels";
import { carRoutes } from "./car";

export function searchRoutes(seed?: string) {
  return [...flightRoutes(seed), ...trainRoutes(seed), ...hotelRoutes(seed), ...carRoutes(seed)];
}
