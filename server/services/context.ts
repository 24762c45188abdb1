import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import type { Dialect } from "../db";
import type { RegisteredRoute } from "./http/route";

/** What every route module receives: the database and the app's shared services. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  nodeEnv: string;
  /** Whether a member may use an access resource (the access rules plug in here). */
  authorize: (member: Member, resource: string) => Promise<boolean> | boolean;
  registry: RegisteredRoute[];
}
