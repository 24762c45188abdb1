export * from "./paths";
export * from "./schemas";
export * from "./ticketing";
export * from "./companies";
