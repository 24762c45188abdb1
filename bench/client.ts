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
  async function post(url: string, form: Record<string, string>): Promise<Envelope> {
    return JSON.parse(await postText(url, form)) as Envelope;
  }

  /**
   * POSTs a form and answers null when the envelope says success (ret 0), else its message.
   * Success is read off the reply's start: parsing every large reply in full made the load
   * generator, not the server, the slowest part of a run.
   */
  async function failureOf(url: string, form: Record<string, string>): Promise<string | null> {
    const text = await postText(url, form);
    if (text.startsWith('{"ret":0,')) return null;
    try {
      return (JSON.parse(text) as Envelope).msg;
    } catch {
      return text.slice(0, 200);
    }
  }

  function postText(url: string, form: Record<string, string>): Promise<string> {
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
              resolve(text);
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

  return { post, failureOf, close: () => agent.destroy() };
}

/**
 * `concurrency` callers each asking again as soon as answered, for `seconds`: the latency (ms)
 * of every success, sorted, and how many failed. `ask` answers null on success, else why not.
 */
export async function closedLoop(concurrency: number, seconds: number, ask: () => Promise<string | null>): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const failure = await ask().catch((e: Error) => e.message);
        if (failure === null) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

/**
 * Seconds of the same load before each measured run, so what is measured is the steady state:
 * the server's compiled code and caches settle, and the garbage of the work before (a 5,000-row
 * import, the inventory generation) is collected. After the import, the first list measured
 * with one second of warm-up used half as much CPU again per request as the same list later.
 */
export const WARM_UP_SECONDS = 3;

/** The value below which p percent of the sorted samples fall. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
