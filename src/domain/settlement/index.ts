export * from "./period";
export * from "./states";
export * from "./schemas";
