import { useId } from 'react'
import { Badge } from '#web/components/ui/badge.tsx'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { ChoiceCard, GroupError } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import { TemplatePicker } from './template-picker.tsx'
import '#web/lib/strings/cluster-config.ts'
import { startingMonthlyCents } from '#common/pricing.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { usePercent } from '#web/lib/use-percent.ts'

/** Step 1: the cluster type, with saved templates to start from above. */
export function TypeStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const percent = usePercent()
  const money = useMoney()
  const errorId = useId()
  const error = useFieldMessage('clusterTypeId')
  return (
    <div className="grid gap-6">
      <TemplatePicker wizard={wizard} catalog={catalog} />
      <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
        <legend className="mb-3 text-sm text-muted-foreground">{t('clusterConfig.type.legend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {catalog.clusterTypes.map((type) => (
            <ChoiceCard
              key={type.id}
              testId="cluster-type-option"
              name="clusterTypeId"
              value={type.id}
              checked={wizard.draft.clusterTypeId === type.id}
              invalid={Boolean(error)}
              onSelect={() => wizard.chooseClusterType(type.id)}
              title={clusterTypeName(t, type)}
              badge={
                type.slaPercent !== null ? (
                  <Badge variant="outline">
                    {t('clusterConfig.type.sla', { percent: percent(type.slaPercent) })}
                  </Badge>
                ) : undefined
              }
            >
              <span>{type.tagline}</span>
              <span className="font-medium text-foreground">
                {t('clusterConfig.type.from', {
                  price: money.cents(startingMonthlyCents(type, catalog.nodeFlavors)),
                })}
              </span>
            </ChoiceCard>
          ))}
        </div>
        <GroupError id={errorId} error={error} />
      </fieldset>
    </div>
  )
}
