/** CSV downloads: one field rule for every export. */

/**
 * A CSV field, quoted when it must be. A text starting with =, +, - or @ would run as a formula
 * in a spreadsheet, so it is neutralised, but for a plain number such as a negative amount.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (typeof value === 'string' && /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows of fields as a CSV document, a newline after each. */
export function csvDocument(rows: (string | number | null)[][]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\n`).join('')
}
