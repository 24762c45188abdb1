// Which way a company member books by default, and which order page a fare opens on.
import type { SubjectKey } from "../../access/rules";

export type TravelType = "business" | "private";

const companyMember = (key: SubjectKey) => key === "70" || key === "7_0";

/**
 * Company members book on business (因公) or privately; anyone else is not asked. An employee's
 * bookings are business first; the administrator's are private first on the personal order page
 * and business first on the business one, where they book for staff.
 */
export function defaultTravelType(key: SubjectKey, businessPage: boolean): TravelType | undefined {
  if (!companyMember(key)) return undefined;
  return key === "7_0" || businessPage ? "business" : "private";
}

/** A company member's fare opens the business order page (its 因公/因私 choice stays on it). */
export function flightOrderRoute(key: SubjectKey, international = false): string {
  const base = international ? "international_order_info" : "order_info";
  return companyMember(key) ? `${base}_business` : base;
}

export const isBusinessOrderRoute = (routeName: string) => routeName.endsWith("_business");
