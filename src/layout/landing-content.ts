// The landing pages that show without the site header (business and official index, partner
// plan, the partners' own index pages, Welcome) and the activity page: which sections follow the
// hero. Their texts are landingPages.<route name>.eyebrow / .title / .text in the locale files.

export type LandingSection = "products" | "business" | "promises" | "partnerSteps";

export const LANDINGS: Readonly<Record<string, readonly LandingSection[]>> = {
  th_business_index: ["products", "business", "promises"],
  th_official_index: ["products", "business"],
  partner_plan_index: ["partnerSteps", "promises"],
  WLBusinessWLIndex: ["promises"],
  GYBusinessGYIndex: ["products", "promises"],
  Welcome: ["products"],
  xilin_activity: ["products"],
};

/** The partner plan's three steps, as landingPages.partnerSteps.<step>.title / .text. */
export const PARTNER_STEPS = ["register", "recommend", "earn"] as const;
