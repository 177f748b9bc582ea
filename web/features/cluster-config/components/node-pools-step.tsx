import { Plus, Trash2, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { nodePoolMonthlyCents } from '#common/pricing.ts'
import type { NodeFlavor } from '#common/schemas/catalog.ts'
import { MAX_NODE_POOLS, MAX_NODES_PER_POOL, TAINT_EFFECTS } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { type DraftNodePool, newNodePool, newRowId } from '../draft.ts'
import { useMoney } from '../use-money.ts'
import { CheckboxField, GroupError, NumberInput, RowInput } from './controls.tsx'
import type { StepProps } from './step-props.ts'

/** Step 4: node pools — flavor, count, autoscaling, labels and taints; pools may be added and removed. */
export function NodePoolsStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  const flavors = catalog.nodeFlavors.filter((flavor) => !type || type.allowedFlavorIds.includes(flavor.id))

  const setPool = (index: number, change: (pool: DraftNodePool) => DraftNodePool, fields: string[]) =>
    wizard.update(
      (current) => ({
        ...current,
        nodePools: current.nodePools.map((pool, position) => (position === index ? change(pool) : pool)),
      }),
      fields.map((field) => `nodePools.${index}.${field}`),
    )

  const addPool = () =>
    wizard.update((current) => {
      const names = new Set(current.nodePools.map((pool) => pool.name))
      let number = current.nodePools.length + 1
      while (names.has(`pool-${number}`)) number += 1
      return {
        ...current,
        nodePools: [...current.nodePools, newNodePool(`pool-${number}`, flavors[0]?.id ?? '')],
      }
    })

  const removePool = (index: number) =>
    wizard.update((current) => ({
      ...current,
      nodePools: current.nodePools.filter((_, position) => position !== index),
    }))

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {t('clusterConfig.nodePools.lead', { type: type?.name ?? '', count: flavors.length })}
      </p>
      {draft.nodePools.map((pool, index) => (
        <NodePoolEditor
          key={pool.id}
          pool={pool}
          index={index}
          flavors={flavors}
          canRemove={draft.nodePools.length > 1}
          errorOf={(field) => wizard.errorOf(`nodePools.${index}.${field}`)}
          onChange={(change, fields) => setPool(index, change, fields)}
          onRemove={() => removePool(index)}
        />
      ))}
      <GroupError id="node-pools-error" error={wizard.errorOf('nodePools')} />
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={addPool}
          disabled={draft.nodePools.length >= MAX_NODE_POOLS}
        >
          <Plus aria-hidden="true" />
          {t('clusterConfig.nodePools.add')}
        </Button>
      </div>
    </div>
  )
}

function NodePoolEditor({
  pool,
  index,
  flavors,
  canRemove,
  errorOf,
  onChange,
  onRemove,
}: {
  pool: DraftNodePool
  index: number
  flavors: NodeFlavor[]
  canRemove: boolean
  errorOf: (field: string) => string | undefined
  onChange: (change: (pool: DraftNodePool) => DraftNodePool, fields: string[]) => void
  onRemove: () => void
}) {
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

      <LabelsEditor pool={pool} number={number} errorOf={errorOf} onChange={onChange} />
      <TaintsEditor pool={pool} number={number} errorOf={errorOf} onChange={onChange} />
    </fieldset>
  )
}

type EditorProps = {
  pool: DraftNodePool
  number: number
  errorOf: (field: string) => string | undefined
  onChange: (change: (pool: DraftNodePool) => DraftNodePool, fields: string[]) => void
}

function LabelsEditor({ pool, number, errorOf, onChange }: EditorProps) {
  const { t } = useTranslation()
  const setLabel = (row: number, field: 'key' | 'value', value: string) =>
    onChange(
      (current) => ({
        ...current,
        labels: current.labels.map((label, position) =>
          position === row ? { ...label, [field]: value } : label,
        ),
      }),
      [`labels.${row}.${field}`],
    )
  return (
    <div className="grid gap-2" data-testid={`node-pool-${number - 1}-labels`}>
      <h4 className="text-sm font-medium">{t('clusterConfig.nodePools.labels')}</h4>
      {pool.labels.length === 0 && (
        <p className="text-xs text-muted-foreground">{t('clusterConfig.nodePools.noLabels')}</p>
      )}
      {pool.labels.map((label, row) => (
        <div
          key={label.id}
          className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-start gap-2"
        >
          <RowInput
            name={`nodePools.${number - 1}.labels.${row}.key`}
            label={t('clusterConfig.nodePools.labelKey', { row: row + 1 })}
            placeholder={t('clusterConfig.nodePools.keyPlaceholder')}
            value={label.key}
            autoComplete="off"
            spellCheck={false}
            error={errorOf(`labels.${row}.key`)}
            onChange={(event) => setLabel(row, 'key', event.target.value)}
          />
          <span className="pt-2 text-muted-foreground" aria-hidden="true">
            =
          </span>
          <RowInput
            name={`nodePools.${number - 1}.labels.${row}.value`}
            label={t('clusterConfig.nodePools.labelValue', { row: row + 1 })}
            placeholder={t('clusterConfig.nodePools.valuePlaceholder')}
            value={label.value}
            autoComplete="off"
            spellCheck={false}
            error={errorOf(`labels.${row}.value`)}
            onChange={(event) => setLabel(row, 'value', event.target.value)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('clusterConfig.nodePools.removeLabel', { row: row + 1 })}
            onClick={() =>
              onChange(
                (current) => ({
                  ...current,
                  labels: current.labels.filter((_, position) => position !== row),
                }),
                [],
              )
            }
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange(
              (current) => ({
                ...current,
                labels: [...current.labels, { id: newRowId(), key: '', value: '' }],
              }),
              [],
            )
          }
        >
          <Plus aria-hidden="true" />
          {t('clusterConfig.nodePools.addLabel')}
          <span className="sr-only"> {t('clusterConfig.nodePools.toPool', { number })}</span>
        </Button>
      </div>
    </div>
  )
}

function TaintsEditor({ pool, number, errorOf, onChange }: EditorProps) {
  const { t } = useTranslation()
  const setTaint = (row: number, field: 'key' | 'value' | 'effect', value: string) =>
    onChange(
      (current) => ({
        ...current,
        taints: current.taints.map((taint, position) =>
          position === row ? { ...taint, [field]: value } : taint,
        ),
      }),
      [`taints.${row}.${field}`],
    )
  return (
    <div className="grid gap-2" data-testid={`node-pool-${number - 1}-taints`}>
      <h4 className="text-sm font-medium">{t('clusterConfig.nodePools.taints')}</h4>
      {pool.taints.length === 0 && (
        <p className="text-xs text-muted-foreground">{t('clusterConfig.nodePools.noTaints')}</p>
      )}
      {pool.taints.map((taint, row) => (
        <div
          key={taint.id}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto]"
        >
          <div className="col-span-1 grid grid-cols-2 gap-2 sm:contents">
            <RowInput
              name={`nodePools.${number - 1}.taints.${row}.key`}
              label={t('clusterConfig.nodePools.taintKey', { row: row + 1 })}
              placeholder={t('clusterConfig.nodePools.keyPlaceholder')}
              value={taint.key}
              autoComplete="off"
              spellCheck={false}
              error={errorOf(`taints.${row}.key`)}
              onChange={(event) => setTaint(row, 'key', event.target.value)}
            />
            <RowInput
              name={`nodePools.${number - 1}.taints.${row}.value`}
              label={t('clusterConfig.nodePools.taintValue', { row: row + 1 })}
              placeholder={t('clusterConfig.nodePools.valuePlaceholder')}
              value={taint.value}
              autoComplete="off"
              spellCheck={false}
              error={errorOf(`taints.${row}.value`)}
              onChange={(event) => setTaint(row, 'value', event.target.value)}
            />
            <div className="col-span-2 sm:col-span-1">
              <NativeSelect
                name={`nodePools.${number - 1}.taints.${row}.effect`}
                aria-label={t('clusterConfig.nodePools.taintEffect', { row: row + 1 })}
                value={taint.effect}
                onChange={(event) => setTaint(row, 'effect', event.target.value)}
              >
                {TAINT_EFFECTS.map((effect) => (
                  <option key={effect} value={effect}>
                    {effect}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('clusterConfig.nodePools.removeTaint', { row: row + 1 })}
            onClick={() =>
              onChange(
                (current) => ({
                  ...current,
                  taints: current.taints.filter((_, position) => position !== row),
                }),
                [],
              )
            }
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange(
              (current) => ({
                ...current,
                taints: [...current.taints, { id: newRowId(), key: '', value: '', effect: 'NoSchedule' }],
              }),
              [],
            )
          }
        >
          <Plus aria-hidden="true" />
          {t('clusterConfig.nodePools.addTaint')}
          <span className="sr-only"> {t('clusterConfig.nodePools.toPool', { number })}</span>
        </Button>
      </div>
    </div>
  )
}
