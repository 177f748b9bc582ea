import { useId } from 'react'
import { Badge } from '#web/components/ui/badge.tsx'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { ChoiceCard, GroupError } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/** Step 3: the Kubernetes minor version; versions past their end of life cannot be chosen. */
export function VersionStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const errorId = useId()
  const error = useFieldMessage('kubernetesVersion')
  const today = new Date().toISOString().slice(0, 10)
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm text-muted-foreground">{t('clusterConfig.version.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {catalog.kubernetesVersions.map((version) => {
          const endOfLife = version.endOfLifeDate < today
          return (
            <ChoiceCard
              key={version.version}
              testId="version-option"
              name="kubernetesVersion"
              value={version.version}
              checked={wizard.draft.kubernetesVersion === version.version}
              disabled={endOfLife}
              invalid={Boolean(error)}
              onSelect={() =>
                wizard.form.setValue('kubernetesVersion', version.version, {
                  shouldValidate: true,
                  shouldDirty: true,
                })
              }
              title={`Kubernetes ${version.version}`}
              badge={
                endOfLife ? (
                  <Badge variant="secondary">{t('clusterConfig.version.endOfLife')}</Badge>
                ) : version.isDefault ? (
                  <Badge variant="success">{t('clusterConfig.version.recommended')}</Badge>
                ) : undefined
              }
            >
              <span>{t('clusterConfig.version.patch', { patch: version.latestPatch })}</span>
              <span>
                {t(
                  endOfLife ? 'clusterConfig.version.supportEnded' : 'clusterConfig.version.supportedUntil',
                  {
                    date: dates.calendarDate(version.endOfLifeDate),
                  },
                )}
              </span>
            </ChoiceCard>
          )
        })}
      </div>
      <GroupError id={errorId} error={error} />
    </fieldset>
  )
}
