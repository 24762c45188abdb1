// Child process of bench/api.ts: a bare route in the frame every route of the app has — the same
// server options, security headers, compression, form bodies and rate limiting, request logging
// at info to stdout — and nothing inside. Compiled and started as the app is, in a process of its
// own so the app's garbage and compiled code never weigh on it. Prints {"bench": {"port": n}}.
import Fastify from "fastify";
import { httpServerOptions, registerHttpPlugins } from "../server/services/http/plugins";

const bare = Fastify(httpServerOptions({ level: "info" }));
await registerHttpPlugins(bare, []);
bare.post("/api/bare", async () => ({ ret: 0, msg: "成功", data: null }));
await bare.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: "127.0.0.1" });
process.stdout.write(JSON.stringify({ bench: { port: (bare.server.address() as { port: number }).port } }) + "\n");
process.on("SIGTERM", async () => {
  await bare.close();
  process.exit(0);
});
