// What Kysely's migrator learns about tables, read from one PostgreSQL schema only. Kysely's own
// introspector lists every table of every schema and asks each one's serial sequence; while
// another session drops a schema (a test file's, a tenant's, a rehearsal's) that listing fails
// with "schema … does not exist", so a migration would fail because of somebody else's DDL. A
// server that works inside one schema has no business reading the others.
import { PostgresDialect, PostgresIntrospector, sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type PostgresDialectConfig, type TableMetadata } from "kysely";

interface ColumnRow {
  table_name: string;
  table_type: string;
  column_name: string | null;
  data_type: string | null;
  is_nullable: string | null;
  column_default: string | null;
  is_identity: string | null;
}

class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  getSchemas() {
    return new PostgresIntrospector(this.db).getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select t.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
      from information_schema.tables t
      left join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = ${this.schema}
      order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: TableMetadata["columns"] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && r.table_name.startsWith("kysely_migration")) continue;
      let table = tables.get(r.table_name);
      if (!table) tables.set(r.table_name, (table = { name: r.table_name, isView: r.table_type === "VIEW", schema: this.schema, columns: [] }));
      if (!r.column_name) continue;
      table.columns.push({
        name: r.column_name,
        dataType: r.data_type ?? "",
        isNullable: r.is_nullable === "YES",
        isAutoIncrementing: r.is_identity === "YES" || (r.column_default ?? "").startsWith("nextval("),
        hasDefaultValue: r.column_default !== null,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL for a server that works inside one schema: its introspection sees that schema only. */
export class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
