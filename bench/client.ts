// The benches' HTTP client: a keep-alive node:http agent with one socket per concurrent caller,
// sending what the portal's browser sends (a form body, accept-encoding br/gzip). fetch cost the
// load generator several times the CPU per request, and on a small machine the generator shares
// the cores with the server it measures, so its own cost showed up as the server's latency.
import http from "node:http";
import zlib from "node:zlib";

export interface Envelope {
  ret: number;
  msg: string;
  data: any;
}

export function benchClient(port: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

  /** POSTs a form to /api<url> and answers the decoded envelope. */
  function post(url: string, form: Record<string, string>): Promise<Envelope> {
    const body = new URLSearchParams({ ...form, device: "web", timestamp: String(Date.now()) }).toString();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: "127.0.0.1",
          port,
          path: `/api${url}`,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "accept-encoding": "br, gzip" },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            try {
              const raw = Buffer.concat(chunks);
              const encoding = res.headers["content-encoding"];
              const text = (encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
              resolve(JSON.parse(text) as Envelope);
            } catch (e) {
              reject(e);
            }
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  return { post, close: () => agent.destroy() };
}

/** The value below which p percent of the sorted samples fall. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
