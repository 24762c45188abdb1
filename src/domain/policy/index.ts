// Travel policy rules shared by the portal and the server: standards, the over-standard
// decision, car standards, approval flows, preferences, replace-booking, trip applications.
export * from "./codes";
export * from "./standard";
export * from "./over-standard";
export * from "./car-standard";
export * from "./flow";
export * from "./preferences";
export * from "./replace-booker";
export * from "./application";
export * from "./summary";
export * from "./verdict";
export * from "./flight-verdict";
export * from "./self-pay";
