// Travel rules and reply types shared by the search APIs and the booking pages.
export * from "./dates";
export * from "./air-fares";
export * from "./air-rules";
export * from "./gp-fares";
export * from "./train";
export * from "./train-seats";
export * from "./hotel";
export * from "./car";
export * from "./pinyin";
export * from "./transit";
export * from "./types";
export * from "./schemas";
export * from "./results";
export * from "./search-query";
