// Child process of bench/api.ts: a bare Fastify route with the app's body parsing, in a process
// of its own so the app's garbage and compiled code never weigh on it. Prints {"port": n}.
import Fastify from "fastify";
import formbody from "@fastify/formbody";

const bare = Fastify();
await bare.register(formbody);
bare.post("/bare", async () => ({ ret: 0, msg: "成功", data: null }));
await bare.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(JSON.stringify({ port: (bare.server.address() as { port: number }).port }) + "\n");
process.on("SIGTERM", async () => {
  await bare.close();
  process.exit(0);
});
