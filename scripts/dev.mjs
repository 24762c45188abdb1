// npm run dev: the API server restarting on change, and Vite with /api proxied to it.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8080";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: port } }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}` } }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((c) => c.on("exit", (code) => { stop(); process.exitCode = code ?? 0; }));
