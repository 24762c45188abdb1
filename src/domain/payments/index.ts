export * from "./types";
export * from "./verify";
export * from "./redirect";
