import { stringify } from 'yaml'
import { usageError } from './errors.ts'

export const OUTPUT_FORMATS = ['table', 'json', 'yaml'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export function outputFormatOf(value: string | undefined): OutputFormat {
  if (value === undefined) return 'table'
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return value as OutputFormat
  throw usageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}`)
}

/** A column of a table: its heading and how a row shows in it. */
export type Column<T> = readonly [heading: string, cell: (row: T) => unknown]

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '-'
  if (Array.isArray(value)) return value.join(',')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value).replace(/\s+/g, ' ')
}

/** Rows as an aligned text table with upper-case headings, as kubectl prints them. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = [
    columns.map(([heading]) => heading.toUpperCase()),
    ...rows.map((row) => columns.map(([, cell]) => cellText(cell(row)))),
  ]
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)))
  return cells
    .map((line) =>
      line.map((cell, index) => (index === line.length - 1 ? cell : cell.padEnd(widths[index]!))).join('  '),
    )
    .join('\n')
}

/** Key: value lines for one object in the table format. */
export function fields<T>(row: T, columns: readonly Column<T>[]): string {
  const width = Math.max(...columns.map(([heading]) => heading.length)) + 1
  return columns.map(([heading, cell]) => `${`${heading}:`.padEnd(width)} ${cellText(cell(row))}`).join('\n')
}

/** A listing in the chosen format: JSON and YAML carry every field, the table the columns. */
export function formatList<T>(
  rows: readonly T[],
  format: OutputFormat,
  columns: readonly Column<T>[],
): string {
  if (format === 'json') return JSON.stringify(rows, null, 2)
  if (format === 'yaml') return rows.length === 0 ? '[]' : stringify(rows).trimEnd()
  return rows.length === 0 ? 'No items.' : table(rows, columns)
}

export function formatOne<T>(
  row: T,
  format: OutputFormat,
  columns: readonly Column<T>[],
  extra = '',
): string {
  if (format === 'json') return JSON.stringify(row, null, 2)
  if (format === 'yaml') return stringify(row).trimEnd()
  return fields(row, columns) + (extra ? `\n${extra}` : '')
}

export const money = (cents: number, currency = 'USD') => `${(cents / 100).toFixed(2)} ${currency}`
export const ago = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').slice(0, 16) : null)
