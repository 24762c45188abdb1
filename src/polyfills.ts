// casbin (src/access) reads the Node global Buffer; browsers have none. Imported first by main.tsx
// and by src/access/enforcer.ts, beside casbin itself.
import { Buffer } from "buffer";

const g = globalThis as typeof globalThis & { Buffer?: typeof Buffer };
if (!g.Buffer) g.Buffer = Buffer;

export {};
