// casbin (src/access) reads the Node global Buffer; browsers have none. Imported first by main.tsx.
import { Buffer } from "buffer";

const g = globalThis as typeof globalThis & { Buffer?: typeof Buffer };
if (!g.Buffer) g.Buffer = Buffer;

export {};
