import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';

const ROWS_PER_STATEMENT = 5000;

/**
 * Multi-row insert that sends one array parameter per column (`insert … select … from unnest(…)`)
 * instead of one parameter per value: 3–5× less CPU on PGlite for the large catalogue, and no
 * bind-parameter limit. Values go through each column's own driver mapping (dates, JSON,
 * arrays) as text and are cast back to the column type in SQL.
 * A column left out of every row is left to the database; left out of some rows, it gets the
 * column's default there (or NULL when it has none).
 */
export async function insertMany<T extends PgTable>(db: Db | Tx, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const used = Object.keys(columns).filter((key) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const tableName = getTableName(table);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT) as Array<Record<string, unknown>>;
    const names: SQL[] = [];
    const casts: SQL[] = [];
    const arrays: SQL[] = [];
    used.forEach((key, i) => {
      const column = columns[key] as PgColumn;
      const alias = `c${i}`;
      names.push(sql`${sql.identifier(column.name)}`);
      const cast = sql.raw(`${alias}::${column.getSQLType()}`);
      // Rows that leave out a column with a default get that default, as a plain insert would.
      const sqlDefault = column.hasDefault && !column.defaultFn && is(column.default, SQL) ? column.default : null;
      casts.push(sqlDefault ? sql`coalesce(${cast}, ${sqlDefault})` : cast);
      const values = chunk.map((row) => {
        let value = row[key];
        if (value === undefined && column.hasDefault && !sqlDefault) value = column.defaultFn ? column.defaultFn() : column.default;
        if (value === undefined || value === null) return null;
        const driver = column.mapToDriverValue(value);
        return typeof driver === 'string' ? driver : driver instanceof Date ? driver.toISOString() : typeof driver === 'object' ? JSON.stringify(driver) : String(driver);
      });
      arrays.push(sql`${sql.param(values)}::text[]`);
    });
    const aliases = sql.raw(used.map((_, i) => `c${i}`).join(', '));
    await db.execute(
      sql`insert into ${sql.identifier(tableName)} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})`,
    );
  }
}
