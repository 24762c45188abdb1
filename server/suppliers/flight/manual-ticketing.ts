// The embedded airline's scripted scenario of a booking its automatic ticketing refers to people
// (tests and the demo): a real airline does so when it cannot ticket a booking by itself (a name
// it cannot match, a fare that needs a check), and the agency's ticketing staff finish it. Here a
// passenger named MANUAL_TICKETING_NAME is such a booking: the order stays 出票中 until an
// operator of the console's ticketing queue enters its tickets or fails it.
export const MANUAL_TICKETING_NAME = "人工出票";

export function referredToStaff(passengerNames: readonly string[]): boolean {
  return passengerNames.some((n) => n.trim() === MANUAL_TICKETING_NAME);
}
