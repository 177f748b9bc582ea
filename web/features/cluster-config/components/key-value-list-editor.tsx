import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button.tsx'
import type { DraftRow } from '../draft.ts'
import { RemoveRowButton, RowInput } from './controls.tsx'

/** An entry of a node pool's labels or taints. */
type KeyValueRow = DraftRow & { key: string; value: string }

/** The texts of each list, under clusterConfig.nodePools. */
const TEXT_KEYS = {
  labels: {
    title: 'labels',
    empty: 'noLabels',
    key: 'labelKey',
    value: 'labelValue',
    remove: 'removeLabel',
    add: 'addLabel',
  },
  taints: {
    title: 'taints',
    empty: 'noTaints',
    key: 'taintKey',
    value: 'taintValue',
    remove: 'removeTaint',
    add: 'addTaint',
  },
} as const
type ListText = keyof (typeof TEXT_KEYS)['labels']

/**
 * A node pool's labels or taints: a heading, a row of inputs per entry with a remove button, and a
 * button to add one. The key and value inputs come ready; `layoutRow` places them with whatever
 * else the row holds (a taint's effect), and `edit` changes any field of the row.
 */
export function KeyValueListEditor<Row extends KeyValueRow>({
  list,
  rows,
  poolIndex,
  rowClassName,
  errorOf,
  onRowsChange,
  newRow,
  layoutRow,
}: {
  list: keyof typeof TEXT_KEYS
  rows: Row[]
  poolIndex: number
  rowClassName: string
  /** The problem of a field of the pool, such as `labels.0.key`. */
  errorOf: (field: string) => string | undefined
  /** Changes the list; `fields` are the fields edited, relative to the pool. */
  onRowsChange: (change: (rows: Row[]) => Row[], fields: string[]) => void
  newRow: () => Row
  layoutRow: (row: {
    key: ReactNode
    value: ReactNode
    entry: Row
    index: number
    edit: (field: Exclude<keyof Row & string, 'id'>, value: string) => void
  }) => ReactNode
}) {
  const { t } = useTranslation()
  const text = (key: ListText, values: Record<string, number> = {}) =>
    t(`clusterConfig.nodePools.${TEXT_KEYS[list][key]}`, values)
  const editRow = (row: number, field: string, value: string) =>
    onRowsChange(
      (current) =>
        current.map((entry, position) => (position === row ? { ...entry, [field]: value } : entry)),
      [`${list}.${row}.${field}`],
    )
  const input = (entry: Row, row: number, field: 'key' | 'value') => (
    <RowInput
      name={`nodePools.${poolIndex}.${list}.${row}.${field}`}
      label={text(field, { row: row + 1 })}
      placeholder={t(`clusterConfig.nodePools.${field}Placeholder`)}
      value={entry[field]}
      autoComplete="off"
      spellCheck={false}
      error={errorOf(`${list}.${row}.${field}`)}
      onChange={(event) => editRow(row, field, event.target.value)}
    />
  )

  return (
    <div className="grid gap-2" data-testid={`node-pool-${poolIndex}-${list}`}>
      <h4 className="text-sm font-medium">{text('title')}</h4>
      {rows.length === 0 && <p className="text-xs text-muted-foreground">{text('empty')}</p>}
      {rows.map((entry, row) => (
        <div key={entry.id} className={rowClassName}>
          {layoutRow({
            key: input(entry, row, 'key'),
            value: input(entry, row, 'value'),
            entry,
            index: row,
            edit: (field, value) => editRow(row, field, value),
          })}
          <RemoveRowButton
            label={text('remove', { row: row + 1 })}
            onClick={() => onRowsChange((current) => current.filter((_, position) => position !== row), [])}
          />
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onRowsChange((current) => [...current, newRow()], [])}
        >
          <Plus aria-hidden="true" />
          {text('add')}
          <span className="sr-only"> {t('clusterConfig.nodePools.toPool', { number: poolIndex + 1 })}</span>
        </Button>
      </div>
    </div>
  )
}
