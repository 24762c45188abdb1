import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    // scripts/first-load.mjs reads the manifest to size the index route's first load.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](papaparse|pluralize|rc-field-form|error-stack-parser|@rc-component[\\/]async-validator)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
