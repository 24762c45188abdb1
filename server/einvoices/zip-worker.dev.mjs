// The zip's thread started from its TypeScript source, in development and tests (the compiled
// server starts zip-worker.mjs, built from the same source, instead). A worker thread does not
// inherit the TypeScript loader of the thread that started it, so it registers its own.
import { register } from "tsx/esm/api";

register();
await import("./zip-worker.ts");
