import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form.tsx'
import { useValidationMessage } from '#web/lib/form/validation-message.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { newRowId, type WizardDraft } from '../draft.ts'
import { RemoveRowButton, RowInput } from './controls.tsx'
import '#web/lib/strings/cluster-config.ts'

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

type List = keyof typeof TEXT_KEYS
type NewRow<Name extends List> = Omit<WizardDraft['nodePools'][number][Name][number], 'id'>

/**
 * A node pool's labels or taints, a field array of the wizard's form: a heading, a row of inputs per
 * entry with a remove button, and a button to add one. The key and value inputs come ready;
 * `layoutRow` places them with whatever else the row holds (a taint's effect).
 */
export function KeyValueListEditor<Name extends List>({
  form,
  list,
  poolIndex,
  rowClassName,
  newRow,
  layoutRow,
}: {
  form: UseFormReturn<WizardDraft>
  list: Name
  poolIndex: number
  rowClassName: string
  newRow: () => NewRow<Name>
  layoutRow: (row: { key: ReactNode; value: ReactNode; row: number }) => ReactNode
}) {
  const { t } = useTranslation()
  const translate = useValidationMessage()
  const rows = useFieldArray({
    control: form.control,
    name: `nodePools.${poolIndex}.${list}` as 'nodePools.0.labels',
  })
  const text = (key: ListText, values: Record<string, number> = {}) =>
    t(`clusterConfig.nodePools.${TEXT_KEYS[list][key]}`, values)
  const input = (row: number, field: 'key' | 'value') => (
    <FormField
      control={form.control}
      name={`nodePools.${poolIndex}.${list}.${row}.${field}` as 'nodePools.0.labels.0.key'}
      render={({ field: control, fieldState }) => (
        <RowInput
          {...control}
          label={text(field, { row: row + 1 })}
          placeholder={t(`clusterConfig.nodePools.${field}Placeholder`)}
          autoComplete="off"
          spellCheck={false}
          error={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
        />
      )}
    />
  )

  return (
    <div className="grid gap-2" data-testid={`node-pool-${poolIndex}-${list}`}>
      <h4 className="text-sm font-medium">{text('title')}</h4>
      {rows.fields.length === 0 && <p className="text-xs text-muted-foreground">{text('empty')}</p>}
      {rows.fields.map((entry, row) => (
        <div key={entry.id} className={rowClassName}>
          {layoutRow({ key: input(row, 'key'), value: input(row, 'value'), row })}
          <RemoveRowButton label={text('remove', { row: row + 1 })} onClick={() => rows.remove(row)} />
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => rows.append({ id: newRowId(), ...newRow() } as never, { shouldFocus: false })}
        >
          <Plus aria-hidden="true" />
          {text('add')}
          <span className="sr-only"> {t('clusterConfig.nodePools.toPool', { number: poolIndex + 1 })}</span>
        </Button>
      </div>
    </div>
  )
}
