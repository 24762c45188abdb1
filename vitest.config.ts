import os from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { localeParts } from "./scripts/locale-parts";

export default defineConfig({
  plugins: [react(), localeParts()],
  // Under the test runner "antd" is its CommonJS build (lib/), so deep imports of its ES build
  // (the portal's FeedbackApp reads antd/es/app/context) would get a second, unrelated copy of
  // antd's App context; they are pointed at the same build here, as the bundler does in the app.
  resolve: { alias: [{ find: /^antd\/es\/(.*)$/, replacement: "antd/lib/$1" }] },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // react-router hooks lose their router unless Refine's packages are inlined.
    server: { deps: { inline: [/@refinedev\//] } },
    // jsdom tests that type through whole forms against the real server (scrypt hashing) take
    // 15 s on a quiet 2-core machine; the limit leaves room for a busy one.
    testTimeout: 40000,
    hookTimeout: 30000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores, which is a single worker on the 2-core
    // CI machine; the files spend much of their time waiting on scrypt, PostgreSQL and jsdom
    // timers, so two workers there halve the phase without starving either.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
