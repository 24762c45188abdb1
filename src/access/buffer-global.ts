// Casbin reads its policy with csv-parse, which uses the global Buffer that Node has and a browser
// does not: the `buffer` package stands in. Imported by enforcer.ts before Casbin, so it is set
// before Casbin's modules run, and only in the chunk that loads Casbin.
import { Buffer } from "buffer";

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
