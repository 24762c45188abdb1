export * from "./paths";
export * from "./schemas";
export * from "./companies";
