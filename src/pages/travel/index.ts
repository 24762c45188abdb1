// The company's booking preferences as a Refine resource, so their form saves through Refine's
// useForm. Registered here (not in the registry loaded with the first page): the map is needed
// only once the travel pages' chunk is loaded, and it imports this module.
import { registerResourceEndpoints } from "../../providers/data-provider";

/** The preferences of the caller's company: one record, named by the session, not by an id. */
export const TRAVEL_PREFERENCES = "travel-preferences";
export const PREFERENCE_PATHS = {
  info: "/api/v1/trip_manager/preference_info",
  save: "/api/v1/trip_manager/preference_save",
} as const;

// A save replaces the preferences whole and names no id: a `create` sends exactly the checked
// input, which the server's strict schema checks (an update would add an id).
registerResourceEndpoints(TRAVEL_PREFERENCES, { create: PREFERENCE_PATHS.save });
