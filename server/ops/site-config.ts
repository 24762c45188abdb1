// The operator console's 站点配置: the partner sites' and brands' settings, listed beside the
// code's defaults, and saved with their audit row in one transaction. A save names the version it
// was edited from: of two operators saving one item at once, the second is refused rather than
// silently overwriting the first. Once committed, the saving process puts the new settings in
// force at once; the other processes find them by their version check (server/sites/state).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isoAt } from "../services/clock";
import { said } from "../services/i18n/text";
import { BizError, RET } from "../services/http/envelope";
import { currentInstance } from "../services/instance";
import { BRANDS, THIRD_PARTY_ROLES, THIRD_PARTY_SITES, type BrandKey } from "../../src/access";
import { brandDefaults, partnerDefaults } from "../../src/access/site-settings";
import type {
  BrandSettings, BrandSettingsParsed, PartnerSettings, PartnerSettingsParsed, SiteConfigItem, SiteConfigList,
} from "../../src/domain/ops/site-config";
import { readSiteRows, siteStateOf, type SiteRow } from "../sites/state";
import { auditLog } from "./audit";
import type { OpsAuditAction, OpsAuditObject } from "../../src/domain/ops/audit-actions";

function defaultsOfPartner(thirdName: string): PartnerSettings {
  const site = THIRD_PARTY_SITES.find((s) => s.thirdName === thirdName);
  if (!site) throw new BizError(RET.NOT_FOUND, said("ops.siteUnknown"));
  return partnerDefaults(site, THIRD_PARTY_ROLES.find((r) => r.thirdNames === thirdName));
}

const defaultsOfBrand = (key: BrandKey): BrandSettings => brandDefaults(BRANDS[key]);

function itemOf<S>(key: string, name: { zh: string; en: string }, defaults: S, row: SiteRow | undefined): SiteConfigItem<S> {
  return { key, name, defaults, settings: row ? { ...defaults, ...(row.settings as S) } : defaults, version: row?.version ?? 0, updateTime: row?.updateTime ?? null };
}

export async function siteConfigList(db: Kysely<Database>, activeBrand: string): Promise<SiteConfigList> {
  const rows = await readSiteRows(db);
  const row = (kind: string, key: string) => rows.find((r) => r.kind === kind && r.key === key);
  return {
    brands: (Object.keys(BRANDS) as BrandKey[]).map((k) => itemOf(k, BRANDS[k].name, defaultsOfBrand(k), row("brand", k))),
    partners: THIRD_PARTY_SITES.map((s) => itemOf(s.thirdName, s.name, defaultsOfPartner(s.thirdName), row("partner", s.thirdName))),
    activeBrand: activeBrand === "confirm" ? "confirm" : "paynow",
  };
}

/** Only what the save changes is written to the audit row, before and after. */
function changes<S extends object>(before: S, after: S): { before: Partial<S>; after: Partial<S> } {
  const b: Partial<S> = {};
  const a: Partial<S> = {};
  for (const k of Object.keys(after) as (keyof S)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

interface Save<S> {
  kind: "partner" | "brand";
  key: string;
  version: number;
  defaults: S;
  settings: S;
  action: OpsAuditAction;
  objectType: OpsAuditObject;
}

async function save<S extends object>(db: Kysely<Database>, s: Save<S>, operatorId: number): Promise<number> {
  const version = await inTransaction(db, async (trx) => {
    const at = isoAt();
    const row = await trx.selectFrom("site_settings").select(["settings", "version"]).where("kind", "=", s.kind).where("key", "=", s.key).executeTakeFirst();
    const current = Number(row?.version ?? 0);
    if (current !== s.version) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    const before: S = row ? { ...s.defaults, ...(JSON.parse(row.settings) as S) } : s.defaults;
    const values = { settings: JSON.stringify(s.settings), version: current + 1, updateOperatorId: operatorId, updateTime: at };
    if (row) {
      // Conditional on the version read: a save landing in between is refused, not overwritten.
      const moved = await trx.updateTable("site_settings").set(values).where("kind", "=", s.kind).where("key", "=", s.key).where("version", "=", current).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    } else {
      // Two first saves at once: the primary key lets one in; the other is refused below.
      const inserted = await trx.insertInto("site_settings").values({ kind: s.kind, key: s.key, ...values }).onConflict((oc) => oc.columns(["kind", "key"]).doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    }
    await auditLog(trx, { operatorId, action: s.action, objectType: s.objectType, objectId: s.key, ...changes(before, s.settings) });
    return current + 1;
  });
  // In force at once in this process; the others follow within their check interval.
  const instance = currentInstance();
  if (instance) instance.sites = siteStateOf(await readSiteRows(db));
  return version;
}

const orNull = (v: string | undefined) => v ?? null;

export async function savePartnerSettings(db: Kysely<Database>, input: PartnerSettingsParsed, operatorId: number): Promise<SiteConfigItem<PartnerSettings>> {
  const { thirdName, version, headerQrUrl, titleZh, titleEn, welcomeZh, welcomeEn, ...flags } = input;
  const defaults = defaultsOfPartner(thirdName);
  const settings: PartnerSettings = {
    ...flags, headerQrUrl: orNull(headerQrUrl), titleZh: orNull(titleZh), titleEn: orNull(titleEn), welcomeZh: orNull(welcomeZh), welcomeEn: orNull(welcomeEn),
  };
  await save(db, { kind: "partner", key: thirdName, version, defaults, settings, action: "site.partner", objectType: "partner-site" }, operatorId);
  return (await siteConfigList(db, process.env.BRAND ?? "paynow")).partners.find((p) => p.key === thirdName)!;
}

export async function saveBrandSettings(db: Kysely<Database>, input: BrandSettingsParsed, operatorId: number): Promise<SiteConfigItem<BrandSettings>> {
  const { key, version, sloganZh, sloganEn, footerCompanyZh, footerCompanyEn, ...rest } = input;
  const settings: BrandSettings = { ...rest, sloganZh: orNull(sloganZh), sloganEn: orNull(sloganEn), footerCompanyZh: orNull(footerCompanyZh), footerCompanyEn: orNull(footerCompanyEn) };
  await save(db, { kind: "brand", key, version, defaults: defaultsOfBrand(key), settings, action: "site.brand", objectType: "brand" }, operatorId);
  return (await siteConfigList(db, process.env.BRAND ?? "paynow")).brands.find((b) => b.key === key)!;
}
