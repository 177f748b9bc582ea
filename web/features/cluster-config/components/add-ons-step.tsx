import { useId } from 'react'
import { ADD_ON_CATEGORIES } from '#common/schemas/kinds.ts'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { cn } from '#web/lib/cn.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { GroupError } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/** Step 6: add-ons from the catalog, each with its monthly price. */
export function AddOnsStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const id = useId()
  const chosen = new Set(wizard.draft.addOnIds)
  const toggle = (addOnId: string, on: boolean) => {
    const others = wizard.form.getValues('addOnIds').filter((entry) => entry !== addOnId)
    wizard.form.setValue('addOnIds', on ? [...others, addOnId] : others, {
      shouldValidate: true,
      shouldDirty: true,
    })
  }
  const error = useFieldMessage('addOnIds')
  return (
    <fieldset className="grid gap-5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-3 text-sm text-muted-foreground">{t('clusterConfig.addOns.legend')}</legend>
      {ADD_ON_CATEGORIES.map((category) => {
        const addOns = catalog.addOns.filter((addOn) => addOn.category === category)
        if (addOns.length === 0) return null
        return (
          <div key={category} className="grid gap-2">
            <h3 className="text-sm font-semibold">{t(`clusterConfig.addOns.categories.${category}`)}</h3>
            <div className="grid gap-2 sm:grid-cols-2">
              {addOns.map((addOn) => (
                <label
                  key={addOn.id}
                  data-testid="add-on-option"
                  data-value={addOn.id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-colors hover:border-primary/60',
                    'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40',
                  )}
                >
                  <input
                    type="checkbox"
                    name="addOnIds"
                    value={addOn.id}
                    checked={chosen.has(addOn.id)}
                    aria-labelledby={`${id}-${addOn.id}`}
                    aria-describedby={`${id}-${addOn.id}-details`}
                    onChange={(event) => toggle(addOn.id, event.target.checked)}
                    className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
                  />
                  <span className="grid gap-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span id={`${id}-${addOn.id}`} className="font-medium">
                        {addOn.name}
                      </span>
                      <span className="text-sm tabular-nums font-medium">
                        {addOn.monthlyPriceCents === 0
                          ? t('clusterConfig.free')
                          : t('clusterConfig.perMonth', { price: money.cents(addOn.monthlyPriceCents) })}
                      </span>
                    </span>
                    <span id={`${id}-${addOn.id}-details`} className="text-sm text-muted-foreground">
                      {t(`clusterConfig.addOns.descriptions.${addOn.id}`, {
                        defaultValue: addOn.description,
                      })}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </div>
        )
      })}
      <GroupError id={`${id}-error`} error={error} />
    </fieldset>
  )
}
