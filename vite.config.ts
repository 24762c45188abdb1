import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { localeParts } from "./scripts/locale-parts";

const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), localeParts()],
  resolve: {
    // side-channel (the query-string library Refine uses keeps its bookkeeping there) is a WeakMap
    // behind fallbacks no supported browser needs, with an inspector to word its errors: a small
    // stand-in keeps them out of the first download (see the shim).
    alias: [{ find: /^side-channel$/, replacement: fileURLToPath(new URL("./src/shims/side-channel.cjs", import.meta.url)) }],
  },
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
      output: {
        // Vendor code the first paint needs sits in a few chunks named by library, so a release
        // that changes only the portal's own code leaves them cached. Only modules on the entry's
        // static path ($initial) are grouped: the rest of antd stays with the pages using it.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, tags: ["$initial"], priority: 25 },
            { name: "refine", test: /node_modules[\\/](@refinedev|@tanstack|qs|side-channel[^\\/]*|object-inspect|get-intrinsic|lodash-es|pluralize)[\\/]/, tags: ["$initial"], priority: 20 },
            { name: "antd", test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|@babel[\\/]runtime|stylis|@emotion|classnames)[\\/]/, tags: ["$initial"], priority: 10 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 5 },
            // The portal's own first-paint modules (providers, the session, small domain tables, the
            // search bars' shared parts) in one chunk: as a dozen tiny chunks each paid its own
            // request and gzip overhead.
            { name: "shell", test: /[\\/]src[\\/](providers|domain|access|pages[\\/]layout[\\/]session|booking[\\/]shared)/, tags: ["$initial"], priority: 1 },
          ],
        },
      },
      treeshake: {
        // These packages do nothing on import but do not say so in their package.json: without
        // this, Refine's CSV import (papaparse) and antd's form engine (reached through
        // ConfigProvider's form context) stay in the first download though no code there uses them.
        moduleSideEffects: [
          { test: /node_modules[\\/](papaparse|rc-field-form|error-stack-parser|@rc-component[\\/]async-validator)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
