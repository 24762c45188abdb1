import type { EinvoiceMailer } from "../einvoices/mail";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import type { Dialect } from "../db";
import type { RegisteredRoute } from "./http/route";
import type { ReplicaReads } from "../db/replica";
import type { OpsTotp } from "../ops/second-factor";

/** What every route module receives: the database and the app's shared services. */
export interface AppContext {
  db: Kysely<Database>;
  /**
   * Where reads that tolerate a second of lag go (use withReadDb): the replica while it is
   * answering and current, else the primary; ctx.db itself when no replica is configured.
   */
  readonly readDb: Kysely<Database>;
  /** The replica's health, when one is configured. */
  replica?: ReplicaReads;
  dialect: Dialect;
  nodeEnv: string;
  /** Whether a member may use an access resource (the access rules plug in here). */
  authorize: (member: Member, resource: string) => Promise<boolean> | boolean;
  registry: RegisteredRoute[];
  /** Where a reimbursement document is emailed through; null: email is not configured (sending is refused). */
  einvoiceMailer?: EinvoiceMailer | null;
  /** How operators' TOTP secrets are sealed and their codes checked (OPS_TOTP_KEY). */
  opsTotp: OpsTotp;
}
