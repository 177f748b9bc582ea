import { Trash2 } from 'lucide-react'
import { useId } from 'react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { nodePoolMonthlyCents } from '#common/pricing.ts'
import type { NodeFlavor } from '#common/schemas/catalog.ts'
import { MAX_NODES_PER_POOL, TAINT_EFFECTS } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import {
  FormControl,
  FormDescription,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { WizardDraft } from '../draft.ts'
import { relatedPaths } from '../validation.ts'
import { NumberInput } from './controls.tsx'
import { KeyValueListEditor } from './key-value-list-editor.tsx'
import '#web/lib/strings/cluster-config.ts'

type PoolNumberField = 'nodeCount' | 'autoscaling.min' | 'autoscaling.max'

/** One node pool of the draft: name, flavor, count, autoscaling, labels and taints. */
export function NodePoolEditor({
  form,
  index,
  flavors,
  canRemove,
  onRemove,
}: {
  form: UseFormReturn<WizardDraft>
  index: number
  flavors: NodeFlavor[]
  canRemove: boolean
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const titleId = useId()
  const { control } = form
  const path = `nodePools.${index}` as const
  const pool = useWatch({ control, name: path })
  const number = index + 1
  const flavor = flavors.find((entry) => entry.id === pool.flavorId)
  const poolCents =
    flavor && Number.isInteger(pool.nodeCount)
      ? nodePoolMonthlyCents(flavor.hourlyPriceMillicents, pool.nodeCount)
      : null

  const numberField = (field: PoolNumberField, label: string, bounds: { min: number }, hint?: string) => (
    <FormField
      control={control}
      name={`${path}.${field}`}
      // A pool's count and its autoscaling bounds are checked together.
      rules={{
        deps: relatedPaths(`${path}.${field}`).filter((other) => other !== `${path}.${field}`) as never[],
      }}
      render={({ field: input }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NumberInput
              name={input.name}
              ref={input.ref}
              onBlur={input.onBlur}
              min={bounds.min}
              max={MAX_NODES_PER_POOL}
              value={input.value}
              onValueChange={input.onChange}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )

  const setAutoscaling = (enabled: boolean) => {
    const current = form.getValues(path)
    form.setValue(`${path}.autoscaling.enabled`, enabled, { shouldValidate: true, shouldDirty: true })
    if (!enabled) return
    // Turned on: bounds around the present count, unless some were typed before.
    if (!Number.isFinite(current.autoscaling.min)) form.setValue(`${path}.autoscaling.min`, 1)
    form.setValue(
      `${path}.autoscaling.max`,
      Number.isFinite(current.autoscaling.max)
        ? Math.max(current.autoscaling.max, current.nodeCount || 1)
        : Math.max(current.nodeCount || 1, 1),
    )
  }

  return (
    <fieldset
      data-testid={`node-pool-${index}`}
      aria-labelledby={titleId}
      className="grid gap-5 rounded-xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
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
        <FormInputField
          control={control}
          name={`${path}.name`}
          label={t('clusterConfig.nodePools.name')}
          autoComplete="off"
          spellCheck={false}
        />
        <FormField
          control={control}
          name={`${path}.flavorId`}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('clusterConfig.nodePools.flavor')}</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
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
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {numberField(
          'nodeCount',
          t('clusterConfig.nodePools.nodeCount'),
          { min: 1 },
          t('clusterConfig.nodePools.nodeCountHint', { max: MAX_NODES_PER_POOL }),
        )}
        <div className="grid content-start gap-3 sm:pt-7">
          <CheckboxField
            name={`${path}.autoscaling.enabled`}
            label={t('clusterConfig.nodePools.autoscaling')}
            hint={t('clusterConfig.nodePools.autoscalingHint')}
            checked={pool.autoscaling.enabled}
            onCheckedChange={setAutoscaling}
          />
        </div>
        {pool.autoscaling.enabled && (
          <>
            {numberField('autoscaling.min', t('clusterConfig.nodePools.min'), { min: 0 })}
            {numberField('autoscaling.max', t('clusterConfig.nodePools.max'), { min: 1 })}
          </>
        )}
      </div>

      <KeyValueListEditor
        form={form}
        list="labels"
        poolIndex={index}
        rowClassName="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-start gap-2"
        newRow={() => ({ key: '', value: '' })}
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
      <KeyValueListEditor
        form={form}
        list="taints"
        poolIndex={index}
        rowClassName="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto]"
        newRow={() => ({ key: '', value: '', effect: 'NoSchedule' as const })}
        layoutRow={({ key, value, row }) => (
          <div className="col-span-1 grid grid-cols-2 gap-2 sm:contents">
            {key}
            {value}
            <div className="col-span-2 sm:col-span-1">
              <FormField
                control={control}
                name={`${path}.taints.${row}.effect`}
                render={({ field }) => (
                  <NativeSelect
                    {...field}
                    onChange={(event) =>
                      field.onChange(
                        TAINT_EFFECTS.find((effect) => effect === event.target.value) ?? 'NoSchedule',
                      )
                    }
                    aria-label={t('clusterConfig.nodePools.taintEffect', { row: row + 1 })}
                  >
                    {TAINT_EFFECTS.map((effect) => (
                      <option key={effect} value={effect}>
                        {effect}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </div>
          </div>
        )}
      />
    </fieldset>
  )
}
