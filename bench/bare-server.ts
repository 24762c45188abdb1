// Child process of bench/api.ts: bare routes in the frame every route of the app has — the same
// server options, security headers, compression, form bodies and rate limiting, request logging
// at info to stdout, the app's reply serializer — and nothing inside. Compiled and started as the
// app is, in a process of its own so the app's garbage and compiled code never weigh on it.
// Two routes:
// - /api/bare answers a tiny envelope (about 40 bytes, below the compression threshold);
// - /api/bare-page answers a stored copy of a list page (the JSON file named by BENCH_CANNED,
//   read once at start), serialized and compressed afresh for every request as the app's reply
//   is: what carrying a page of that size costs the frame, with none of the app's work.
// Prints {"bench": {"port": n}}.
import fs from "node:fs";
import Fastify from "fastify";
import { httpServerOptions, registerHttpPlugins } from "../server/services/http/plugins";
import { serializeReply } from "../server/services/http/raw-json";

const bare = Fastify(httpServerOptions({ level: "info" }));
bare.setReplySerializer(serializeReply as (payload: unknown) => string);
await registerHttpPlugins(bare, []);
bare.post("/api/bare", async () => ({ ret: 0, msg: "成功", data: null }));
const canned: unknown = process.env.BENCH_CANNED ? JSON.parse(fs.readFileSync(process.env.BENCH_CANNED, "utf8")) : null;
bare.post("/api/bare-page", async () => canned);
await bare.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: "127.0.0.1" });
process.stdout.write(JSON.stringify({ bench: { port: (bare.server.address() as { port: number }).port } }) + "\n");
process.on("SIGTERM", async () => {
  await bare.close();
  process.exit(0);
});
