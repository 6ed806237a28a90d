export type CsvColumn = { key: string; label: string; format?: (value: string | number | null) => string };

/**
 * A cell as CSV: quoted when it holds a comma, quote or line break, and a leading = + - @ (a
 * spreadsheet formula) neutralised with an apostrophe — referrer names come from other sites.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV with a header line; raw values (numbers stay numbers) unless a column formats them. */
export function csvOf(rows: ReadonlyArray<Record<string, string | number | null>>, columns: readonly CsvColumn[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => {
      const v = row[c.key] ?? null;
      return csvCell(v === null ? '' : typeof v === 'number' ? String(v) : String(v));
    }).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
