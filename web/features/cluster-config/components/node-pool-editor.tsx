import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { nodePoolMonthlyCents } from '#common/pricing.ts'
import type { NodeFlavor } from '#common/schemas/catalog.ts'
import { MAX_NODES_PER_POOL, TAINT_EFFECTS } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { type DraftNodePool, type DraftTaint, newRowId } from '../draft.ts'
import { CheckboxField, NumberInput } from './controls.tsx'
import { KeyValueListEditor } from './key-value-list-editor.tsx'

/** What each part of a pool's editor gets: the pool, its place, its problems and a way to change it. */
type PoolProps = {
  pool: DraftNodePool
  index: number
  /** The problem of a field of the pool, such as `autoscaling.min` or `labels.0.key`. */
  errorOf: (field: string) => string | undefined
  /** Changes the pool; `fields` are the fields edited, relative to the pool. */
  onChange: (change: (pool: DraftNodePool) => DraftNodePool, fields: string[]) => void
}

/** One node pool of the draft: name, flavor, count, autoscaling, labels and taints. */
export function NodePoolEditor({
  pool,
  index,
  flavors,
  canRemove,
  errorOf,
  onChange,
  onRemove,
}: PoolProps & { flavors: NodeFlavor[]; canRemove: boolean; onRemove: () => void }) {
  const { t } = useTranslation()
  const money = useMoney()
  const number = index + 1
  const flavor = flavors.find((entry) => entry.id === pool.flavorId)
  const poolCents =
    flavor && Number.isInteger(pool.nodeCount)
      ? nodePoolMonthlyCents(flavor.hourlyPriceMillicents, pool.nodeCount)
      : null

  return (
    <fieldset
      data-testid={`node-pool-${index}`}
      aria-labelledby={`${pool.id}-title`}
      className="grid gap-5 rounded-xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${pool.id}-title`} className="font-semibold">
          {t('clusterConfig.nodePools.legend', { number })}
          {pool.name && <span className="font-normal text-muted-foreground"> · {pool.name}</span>}
        </h3>
        <div className="flex items-center gap-3">
          {poolCents !== null && (
            <span className="text-sm tabular-nums text-muted-foreground">
              {t('clusterConfig.perMonth', { price: money.cents(poolCents) })}
            </span>
          )}
          {canRemove && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onRemove}
              aria-label={t('clusterConfig.nodePools.remove', { number })}
            >
              <Trash2 aria-hidden="true" />
              <span aria-hidden="true">{t('clusterConfig.nodePools.removeShort')}</span>
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('clusterConfig.nodePools.name')} error={errorOf('name')}>
          {(control) => (
            <Input
              {...control}
              name={`nodePools.${index}.name`}
              value={pool.name}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) =>
                onChange((current) => ({ ...current, name: event.target.value }), ['name'])
              }
            />
          )}
        </FormField>
        <FormField label={t('clusterConfig.nodePools.flavor')} error={errorOf('flavorId')}>
          {(control) => (
            <NativeSelect
              {...control}
              name={`nodePools.${index}.flavorId`}
              value={pool.flavorId}
              onChange={(event) =>
                onChange((current) => ({ ...current, flavorId: event.target.value }), ['flavorId'])
              }
            >
              <option value="">{t('clusterConfig.nodePools.chooseFlavor')}</option>
              {flavors.map((option) => (
                <option key={option.id} value={option.id}>
                  {t('clusterConfig.nodePools.flavorOption', {
                    name: option.name,
                    price: money.cents(nodePoolMonthlyCents(option.hourlyPriceMillicents, 1)),
                  })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label={t('clusterConfig.nodePools.nodeCount')}
          error={errorOf('nodeCount')}
          hint={t('clusterConfig.nodePools.nodeCountHint', { max: MAX_NODES_PER_POOL })}
        >
          {(control) => (
            <NumberInput
              {...control}
              name={`nodePools.${index}.nodeCount`}
              min={1}
              max={MAX_NODES_PER_POOL}
              value={pool.nodeCount}
              onValueChange={(value) =>
                onChange((current) => ({ ...current, nodeCount: value }), ['nodeCount'])
              }
            />
          )}
        </FormField>
        <div className="grid content-start gap-3 sm:pt-7">
          <CheckboxField
            name={`nodePools.${index}.autoscaling.enabled`}
            label={t('clusterConfig.nodePools.autoscaling')}
            hint={t('clusterConfig.nodePools.autoscalingHint')}
            checked={pool.autoscaling.enabled}
            onCheckedChange={(enabled) =>
              onChange(
                (current) => ({
                  ...current,
                  autoscaling: enabled
                    ? {
                        enabled,
                        min: Number.isFinite(current.autoscaling.min) ? current.autoscaling.min : 1,
                        max: Number.isFinite(current.autoscaling.max)
                          ? Math.max(current.autoscaling.max, current.nodeCount || 1)
                          : Math.max(current.nodeCount || 1, 1),
                      }
                    : { ...current.autoscaling, enabled },
                }),
                ['autoscaling.enabled'],
              )
            }
          />
        </div>
        {pool.autoscaling.enabled && (
          <>
            <FormField label={t('clusterConfig.nodePools.min')} error={errorOf('autoscaling.min')}>
              {(control) => (
                <NumberInput
                  {...control}
                  name={`nodePools.${index}.autoscaling.min`}
                  min={0}
                  max={MAX_NODES_PER_POOL}
                  value={pool.autoscaling.min}
                  onValueChange={(min) =>
                    onChange(
                      (current) => ({ ...current, autoscaling: { ...current.autoscaling, min } }),
                      ['autoscaling.min'],
                    )
                  }
                />
              )}
            </FormField>
            <FormField label={t('clusterConfig.nodePools.max')} error={errorOf('autoscaling.max')}>
              {(control) => (
                <NumberInput
                  {...control}
                  name={`nodePools.${index}.autoscaling.max`}
                  min={1}
                  max={MAX_NODES_PER_POOL}
                  value={pool.autoscaling.max}
                  onValueChange={(max) =>
                    onChange(
                      (current) => ({ ...current, autoscaling: { ...current.autoscaling, max } }),
                      ['autoscaling.max'],
                    )
                  }
                />
              )}
            </FormField>
          </>
        )}
      </div>

      <LabelsEditor pool={pool} index={index} errorOf={errorOf} onChange={onChange} />
      <TaintsEditor pool={pool} index={index} errorOf={errorOf} onChange={onChange} />
    </fieldset>
  )
}

function LabelsEditor({ pool, index, errorOf, onChange }: PoolProps) {
  return (
    <KeyValueListEditor
      list="labels"
      rows={pool.labels}
      poolIndex={index}
      rowClassName="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-start gap-2"
      errorOf={errorOf}
      onRowsChange={(change, fields) =>
        onChange((current) => ({ ...current, labels: change(current.labels) }), fields)
      }
      newRow={() => ({ id: newRowId(), key: '', value: '' })}
      layoutRow={({ key, value }) => (
        <>
          {key}
          <span className="pt-2 text-muted-foreground" aria-hidden="true">
            =
          </span>
          {value}
        </>
      )}
    />
  )
}

function TaintsEditor({ pool, index, errorOf, onChange }: PoolProps) {
  const { t } = useTranslation()
  return (
    <KeyValueListEditor
      list="taints"
      rows={pool.taints}
      poolIndex={index}
      rowClassName="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto]"
      errorOf={errorOf}
      onRowsChange={(change, fields) =>
        onChange((current) => ({ ...current, taints: change(current.taints) }), fields)
      }
      newRow={(): DraftTaint => ({ id: newRowId(), key: '', value: '', effect: 'NoSchedule' })}
      layoutRow={({ key, value, entry, index: row, edit }) => (
        <div className="col-span-1 grid grid-cols-2 gap-2 sm:contents">
          {key}
          {value}
          <div className="col-span-2 sm:col-span-1">
            <NativeSelect
              name={`nodePools.${index}.taints.${row}.effect`}
              aria-label={t('clusterConfig.nodePools.taintEffect', { row: row + 1 })}
              value={entry.effect}
              onChange={(event) => edit('effect', event.target.value)}
            >
              {TAINT_EFFECTS.map((effect) => (
                <option key={effect} value={effect}>
                  {effect}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      )}
    />
  )
}
