// Lists at scale. Indexes for the event list's other sort and its type filter, in both dialects.
// The people lists on SQLite (the embedded default): a keyword search used to test
// every traveller or employee of the owner with LIKE '%…%', twice (page and count), and an
// unfiltered page counted all of the owner's rows. Here:
// - a trigram full-text table per list (SQLite's FTS5 answers LIKE '%abc%' from it for three
//   or more characters) holding every text the search looks at; the lists use it only to find
//   candidate rows and then apply their own conditions, so what matches stays the same;
// - the number of travellers per owner and of employees per company, kept on write.
// Triggers keep both up to date on every write, whoever makes it. PostgreSQL keeps searching
// and counting as before.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

// Fields are joined with the unit separator, which keywords do not contain: a candidate found
// across two fields would be dropped by the list's own conditions anyway.
const SEP = "char(31)";

const travellerBody = (id: string) => `
  delete from travellers_search where rowid = ${id};
  insert into travellers_search (rowid, body)
    select t.id, coalesce(t.name, '') || ${SEP} || coalesce(t.surname, '') || ${SEP} || coalesce(t."givenName", '') || ${SEP} || coalesce(t."mobilePhone", '')
      || ${SEP} || coalesce((select group_concat(c."certNo", ${SEP}) from traveller_certificates c where c."travellerId" = t.id), '')
    from travellers t where t.id = ${id};`;

const employeeBody = (where: string) => `
  insert into employees_search (rowid, body)
    select e.id, coalesce(e."realName", '') || ${SEP} || coalesce(e."mobilePhone", '') || ${SEP} || coalesce(m."realName", '') || ${SEP} || coalesce(m."mobilePhone", '')
    from employees e left join members m on m.id = e."memberId" where ${where};`;

const statements = [
  `create virtual table travellers_search using fts5(body, tokenize = 'trigram')`,
  `create trigger travellers_search_ai after insert on travellers begin ${travellerBody("new.id")} end`,
  `create trigger travellers_search_au after update on travellers begin ${travellerBody("new.id")} end`,
  `create trigger travellers_search_ad after delete on travellers begin delete from travellers_search where rowid = old.id; end`,
  `create trigger traveller_certificates_search_ai after insert on traveller_certificates begin ${travellerBody('new."travellerId"')} end`,
  `create trigger traveller_certificates_search_au after update on traveller_certificates begin ${travellerBody('old."travellerId"')} ${travellerBody('new."travellerId"')} end`,
  `create trigger traveller_certificates_search_ad after delete on traveller_certificates begin ${travellerBody('old."travellerId"')} end`,
  `insert into travellers_search (rowid, body)
    select t.id, coalesce(t.name, '') || ${SEP} || coalesce(t.surname, '') || ${SEP} || coalesce(t."givenName", '') || ${SEP} || coalesce(t."mobilePhone", '')
      || ${SEP} || coalesce((select group_concat(c."certNo", ${SEP}) from traveller_certificates c where c."travellerId" = t.id), '')
    from travellers t`,

  `create virtual table employees_search using fts5(body, tokenize = 'trigram')`,
  `create trigger employees_search_ai after insert on employees begin ${employeeBody("e.id = new.id")} end`,
  `create trigger employees_search_au after update on employees begin delete from employees_search where rowid = new.id; ${employeeBody("e.id = new.id")} end`,
  `create trigger employees_search_ad after delete on employees begin delete from employees_search where rowid = old.id; end`,
  `create trigger members_employees_search_au after update of "realName", "mobilePhone" on members begin
    delete from employees_search where rowid in (select id from employees where "memberId" = new.id);
    ${employeeBody('e."memberId" = new.id')} end`,
  employeeBody("1 = 1").trim(),

  `create table traveller_totals ("ownerKind" text not null, "ownerId" integer not null, total integer not null, primary key ("ownerKind", "ownerId"))`,
  `insert into traveller_totals ("ownerKind", "ownerId", total) select "ownerKind", "ownerId", count(*) from travellers group by "ownerKind", "ownerId"`,
  `create trigger traveller_totals_ai after insert on travellers begin
    insert into traveller_totals ("ownerKind", "ownerId", total) values (new."ownerKind", new."ownerId", 1)
      on conflict ("ownerKind", "ownerId") do update set total = total + 1; end`,
  `create trigger traveller_totals_ad after delete on travellers begin
    update traveller_totals set total = total - 1 where "ownerKind" = old."ownerKind" and "ownerId" = old."ownerId"; end`,
  `create trigger traveller_totals_au after update of "ownerKind", "ownerId" on travellers begin
    update traveller_totals set total = total - 1 where "ownerKind" = old."ownerKind" and "ownerId" = old."ownerId";
    insert into traveller_totals ("ownerKind", "ownerId", total) values (new."ownerKind", new."ownerId", 1)
      on conflict ("ownerKind", "ownerId") do update set total = total + 1; end`,

  `create table employee_totals ("companyId" integer primary key, total integer not null)`,
  `insert into employee_totals ("companyId", total) select "companyId", count(*) from employees group by "companyId"`,
  `create trigger employee_totals_ai after insert on employees begin
    insert into employee_totals ("companyId", total) values (new."companyId", 1)
      on conflict ("companyId") do update set total = total + 1; end`,
  `create trigger employee_totals_ad after delete on employees begin
    update employee_totals set total = total - 1 where "companyId" = old."companyId"; end`,
  `create trigger employee_totals_au after update of "companyId" on employees begin
    update employee_totals set total = total - 1 where "companyId" = old."companyId";
    insert into employee_totals ("companyId", total) values (new."companyId", 1)
      on conflict ("companyId") do update set total = total + 1; end`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // A member's events sorted by cost, or filtered by type, were read in full for every page
  // (and the filtered total counted from the table rows).
  await db.schema.createIndex("exception_events_member_cost_idx").on("exception_events").columns(["memberId", "costTime", "id"]).execute();
  await db.schema.createIndex("exception_events_member_type_idx").on("exception_events").columns(["memberId", "type", "createTime", "id"]).execute();
  if (isPostgres(db)) return;
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("exception_events_member_type_idx").ifExists().execute();
  await db.schema.dropIndex("exception_events_member_cost_idx").ifExists().execute();
  if (isPostgres(db)) return;
  for (const t of ["travellers_search", "employees_search", "traveller_totals", "employee_totals"]) await sql.raw(`drop table if exists ${t}`).execute(db);
  // Triggers on the listed tables went with them; these are on the people tables themselves.
  for (const t of [
    "travellers_search_ai", "travellers_search_au", "travellers_search_ad",
    "traveller_certificates_search_ai", "traveller_certificates_search_au", "traveller_certificates_search_ad",
    "employees_search_ai", "employees_search_au", "employees_search_ad", "members_employees_search_au",
    "traveller_totals_ai", "traveller_totals_ad", "traveller_totals_au",
    "employee_totals_ai", "employee_totals_ad", "employee_totals_au",
  ]) await sql.raw(`drop trigger if exists ${t}`).execute(db);
}
