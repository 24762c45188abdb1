// Public surface of the access layer (pure: shared by the browser and the server).
export * from "./tree";
export * from "./partners";
export * from "./brand";
export * from "./model";
export * from "./policy";
export * from "./rules";
export * from "./visibility";
export * from "./access-loader";
export type { Access } from "./enforcer";
export * from "./site-settings";
