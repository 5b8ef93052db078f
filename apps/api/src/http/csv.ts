/**
 * The one CSV writer (juror packs, data exports, insights downloads): RFC 4180 quoting, CRLF line ends, and a UTF-8
 * byte-order mark first so that Excel opens Korean text correctly. A cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe: people's answers and titles are
 * data, never code (OWASP "CSV injection").
 */
export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | boolean | Date | null | undefined;

function cell(value: CsvCell): string {
  if (value == null) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF included. */
export function csvRow(values: readonly CsvCell[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}

/** A whole CSV as chunks (BOM, header, then each row), for streams and archives. */
export async function* csvLines(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>) {
  yield CSV_BOM + csvRow(header);
  for await (const row of rows) yield csvRow(row);
}
