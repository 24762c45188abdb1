// CPU time of the processes serving a load run, read from /proc (Linux; nothing elsewhere): the
// server processes, and a PostgreSQL cluster (its postmaster with every backend: the live ones
// and, through the postmaster's children's time, those that have ended). Sampled before and
// after a run, the difference over the requests sent is the CPU per request.
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_S = 100;

/** utime + stime (+ the reaped children's, when asked), in ms; null when the process is gone. */
function cpuMs(pid: number, withChildren = false): number | null {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const ticks = Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
    return (ticks * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(f[1]) === parent) out.push(Number(name));
    } catch {
      /* ended meanwhile */
    }
  }
  return out;
}

/** The CPU (ms) a PostgreSQL cluster has used so far, its postmaster found from its data directory; null when unreadable. */
export function postgresCpuMs(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
    const own = cpuMs(pid, true);
    if (own === null) return null;
    return childrenOf(pid).reduce((sum, child) => sum + (cpuMs(child) ?? 0), own);
  } catch {
    return null;
  }
}

/** The CPU (ms) these processes have used so far; null when none can be read. */
export function processesCpuMs(pids: readonly number[]): number | null {
  const each = pids.map((p) => cpuMs(p)).filter((v): v is number => v !== null);
  return each.length ? each.reduce((a, b) => a + b, 0) : null;
}

export const loadAverage = () => `load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`;

export function printCpu(requests: number, parts: { name: string; before: number | null; after: number | null }[]): void {
  const shown = parts.filter((p) => p.before !== null && p.after !== null).map((p) => `${p.name} ${((p.after! - p.before!) / requests).toFixed(2)} ms`);
  console.log(`CPU per request (${requests} requests): ${shown.length ? shown.join(", ") : "not readable here"}; ${loadAverage()}`);
}
