// The Node options the server runs with in production (`npm start` and the cluster's start script
// pass the same ones; keep the three equal). A 4 MB young generation keeps a process streaming a
// month's zip of documents within its memory goal instead of holding 32 MB of short-lived
// garbage resident. Every bench starts its server with them, so it measures what runs.
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4"];
