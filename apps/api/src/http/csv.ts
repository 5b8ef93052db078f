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

/**
 * Reads CSV text (RFC 4180: quoted cells with doubled quotes, CRLF or LF line ends, a leading byte-order mark) into
 * rows of cells; blank lines are left out. Issue #34.5: the import's `projects.csv`.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const endRow = () => {
    row.push(cell);
    if (row.some((c) => c !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') endRow();
    else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}
