import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // react-router hooks lose their router unless Refine's packages are inlined.
    server: { deps: { inline: [/@refinedev\//] } },
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: "forks",
  },
});
