// The partner sites and brands in force in one app: the code's defaults with the operator's
// settings (table site_settings) applied. The synchronous lookups of src/access (partner ids in
// access checks, a partner's refund switch, the brand) read the app's copy through the sources
// installed here. The copy is loaded at start, replaced at once in the process that saved a
// change, and kept fresh in the other processes of a cluster by a cheap check of the rows'
// versions every few seconds (the table holds one row per partner and brand at most).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { currentInstance, type AppInstance } from "../services/instance";
import { setBrandSource, setPartnerSource, type BrandConfig, type BrandKey, type PartnerSites } from "../../src/access";
import { effectiveBrands, effectivePartners } from "../../src/access/site-settings";
import type { BrandSettings, PartnerSettings } from "../../src/domain/ops/site-config";

export interface SiteRow {
  kind: "partner" | "brand";
  key: string;
  settings: unknown;
  version: number;
  updateTime: string;
}

export interface SiteState {
  partners: PartnerSites;
  brands: Readonly<Record<BrandKey, BrandConfig>>;
  rows: SiteRow[];
  /** The rows' keys and versions: equal stamps, equal settings. */
  stamp: string;
}

/** How often a process compares the stored versions with its copy. */
export const SITE_POLL_MS = 2000;

export async function readSiteRows(db: Kysely<Database>): Promise<SiteRow[]> {
  const rows = await db.selectFrom("site_settings").select(["kind", "key", "settings", "version", "updateTime"]).orderBy("kind").orderBy("key").execute();
  return rows.map((r) => ({ kind: r.kind, key: r.key, settings: JSON.parse(r.settings) as unknown, version: Number(r.version), updateTime: r.updateTime }));
}

const stampOf = (rows: readonly { kind: string; key: string; version: number }[]) => rows.map((r) => `${r.kind}:${r.key}:${r.version}`).join("|");

export function siteStateOf(rows: SiteRow[]): SiteState {
  const partners = new Map<string, PartnerSettings>();
  const brands = new Map<string, BrandSettings>();
  for (const r of rows) {
    if (r.kind === "partner") partners.set(r.key, r.settings as PartnerSettings);
    else brands.set(r.key, r.settings as BrandSettings);
  }
  return { partners: effectivePartners(partners), brands: effectiveBrands(brands), rows, stamp: stampOf(rows) };
}

// The lookups read the app whose request or job runs (tests build several apps in one process).
setPartnerSource(() => currentInstance()?.sites?.partners);
setBrandSource(() => currentInstance()?.sites?.brands);

export interface SiteSync {
  /** Reads the stored settings and puts them in force in this app, at once. */
  refresh(): Promise<SiteState>;
  /** Starts the periodic version check (main.ts only; tests call refresh). */
  start(): void;
  stop(): void;
}

export function createSiteSync(db: Kysely<Database>, instance: AppInstance, log?: { warn: (o: object, m: string) => void }, pollMs = SITE_POLL_MS): SiteSync {
  let timer: NodeJS.Timeout | null = null;
  const refresh = async () => {
    const rows = await readSiteRows(db);
    const state = instance.sites && instance.sites.stamp === stampOf(rows) ? instance.sites : siteStateOf(rows);
    instance.sites = state;
    return state;
  };
  return {
    refresh,
    start() {
      if (timer) return;
      // Only the keys and versions are read each time; the settings themselves only when they moved.
      const check = async () => {
        const versions = await db.selectFrom("site_settings").select(["kind", "key", "version"]).orderBy("kind").orderBy("key").execute();
        if (stampOf(versions.map((v) => ({ ...v, version: Number(v.version) }))) !== instance.sites?.stamp) await refresh();
      };
      timer = setInterval(() => {
        check().catch((err: unknown) => log?.warn({ err }, "site settings check failed; the last ones stay in force"));
      }, pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
