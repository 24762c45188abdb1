// The operator console's tables (migration 127): staff accounts, their sessions and the audit log.
import type { Generated } from "kysely";

export interface OperatorsTable {
  id: Generated<number>;
  account: string;
  name: string;
  passwordHash: string;
  /**
   * The TOTP secret, sealed under OPS_TOTP_KEY (server/ops/totp-vault.ts); never leaves the
   * server after the enrolment page shows it once.
   */
  totpSecret: string | null;
  totpEnabled: Generated<number>;
  /** The newest TOTP time step accepted from this operator (migration 133); null: none yet. */
  totpLastStep: number | null;
  role: string; // ticketing | finance | admin
  status: Generated<number>; // 1 active, 0 disabled
  createTime: string;
  updateTime: string;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  operatorId: number;
  stage: string; // enrol | full
  createTime: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface OperatorAuditTable {
  id: Generated<number>;
  operatorId: number;
  at: string;
  action: string;
  objectType: string;
  objectId: string | null;
  companyId: number | null;
  /** JSON of the object before and after the action (null where there is none). */
  before: string | null;
  after: string | null;
}

/** Migration 129: the operator holding a paid order of the ticketing queue (one per order). */
export interface TicketingClaimsTable {
  id: Generated<number>;
  orderId: number;
  operatorId: number;
  takenAt: string;
}

/** Migration 130: the operators' settings, one row per key (absent: the default). */
export interface OpsSettingsTable {
  key: string;
  value: string;
  updateTime: string;
}

/** Migration 137: the operator's settings of a partner site or a brand (absent: the code's defaults). */
export interface SiteSettingsTable {
  kind: "partner" | "brand";
  key: string;
  /** JSON of the whole editable set (PartnerSettings or BrandSettings). */
  settings: string;
  version: number;
  updateOperatorId: number | null;
  updateTime: string;
}
