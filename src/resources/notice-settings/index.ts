// Notification settings as Refine resources, each one record addressed by the session: the
// member's own channel choices (notice_settings, in the account centre) and the company's
// defaults for its members with the groups its robots post (NoticeSettings, travel management).
// They register their paths when their pages load, not in the resource registry: the registry is
// part of the first download, and these pages are not.
import { registerResourceEndpoints } from "../../providers/data-provider";
import { NOTICE_PREFERENCE_PATHS as P } from "../../domain/notice-preference-paths";

export const NOTICE_PREFERENCES = "notice-preferences";
export const COMPANY_NOTICE = "company-notice-settings";
registerResourceEndpoints(NOTICE_PREFERENCES, { one: P.mine, update: P.saveMine, addressedById: false });
registerResourceEndpoints(COMPANY_NOTICE, { one: P.company, update: P.saveCompany, addressedById: false });

/** The session is the address: Refine still wants an id to read and save the one record. */
export const OWN_RECORD = "own";
