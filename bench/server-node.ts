// The Node options the server runs with in production (`npm start` and the cluster's start script
// pass the same ones; keep the three equal): none at present. Every bench starts its server with
// them, so it measures what runs. (A young-generation cap was once needed here for a month's zip;
// the zip now goes together in a thread whose own young generation is capped. On the whole
// process the cap cost the order list's requests up to a tenth of their CPU, as measured on one
// machine; none on another.)
export const SERVER_NODE_FLAGS: readonly string[] = [];
