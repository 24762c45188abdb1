// What the brand and the partner site switch on for the booking pages: the products, their
// search forms, and hotel booking.
import type { SiteSwitches } from "../../access/rules";
import { usePortalUser, useSite } from "../../layout/session";

export function useSwitches(): SiteSwitches {
  return useSite(usePortalUser()).switches;
}
