// Pure business rules shared by the portal (src/) and the API server (server/).
export * from "./member";
export * from "./messages";
export * from "./validators";
export * from "./codes";
export * from "./fares";
export * from "./format";
export * from "./money";
export * from "./zod";
export * from "./events";
export * from "./forms/auth";
export * from "./envelope";
export * from "./lists";
