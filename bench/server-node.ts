// The Node options the server runs with in production (`npm start` and the cluster's start script
// pass the same ones; keep the three equal): none at present. Every bench starts its server with
// them, so it measures what runs. (A young-generation cap was once needed here for a month's zip;
// the zip now goes together in a thread whose own young generation is capped, and the cap on the
// whole process had cost every request about a tenth of its CPU.)
export const SERVER_NODE_FLAGS: readonly string[] = [];
