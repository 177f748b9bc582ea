import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { COMPLIANT_CLUSTER_TYPE_ID, needsRestrictedCompliance } from '#common/cluster-rules.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { ChoiceCard, GroupError } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/** Step 2: where the cluster runs. HDS and SecNumCloud data centers take Enterprise (Red) only. */
export function DataCenterStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const errorId = useId()
  const error = useFieldMessage('dataCenterCode')
  const compliantType = catalog.clusterTypes.find((type) => type.id === COMPLIANT_CLUSTER_TYPE_ID)
  const groups = [
    { key: 'eu', centers: catalog.dataCenters.filter((center) => center.inEu) },
    { key: 'outsideEu', centers: catalog.dataCenters.filter((center) => !center.inEu) },
  ] as const
  return (
    <fieldset className="grid gap-5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm text-muted-foreground">
        {t('clusterConfig.dataCenter.legend', { type: compliantType?.name ?? COMPLIANT_CLUSTER_TYPE_ID })}
      </legend>
      {groups.map(
        (group) =>
          group.centers.length > 0 && (
            <div key={group.key} className="grid gap-3">
              <h3 className="text-sm font-semibold">{t(`clusterConfig.dataCenter.${group.key}`)}</h3>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {group.centers.map((center) => {
                  const closed = center.availability === 'coming_soon' || center.capacityStatus === 'full'
                  return (
                    <ChoiceCard
                      key={center.code}
                      testId="data-center-option"
                      name="dataCenterCode"
                      value={center.code}
                      checked={wizard.draft.dataCenterCode === center.code}
                      disabled={closed}
                      invalid={Boolean(error)}
                      onSelect={() =>
                        wizard.form.setValue('dataCenterCode', center.code, {
                          shouldValidate: true,
                          shouldDirty: true,
                        })
                      }
                      title={`${center.city} (${center.code})`}
                      badge={
                        closed ? (
                          <Badge variant="secondary">{t('clusterConfig.dataCenter.closed')}</Badge>
                        ) : center.capacityStatus === 'constrained' || center.availability === 'limited' ? (
                          <Badge variant="warning">{t('clusterConfig.dataCenter.limited')}</Badge>
                        ) : undefined
                      }
                    >
                      <span>
                        {center.country} · {center.provider}
                      </span>
                      <span className="flex flex-wrap gap-1">
                        {center.complianceTags.map((tag) => (
                          <Badge key={tag} variant="outline" className="font-medium">
                            {tag}
                          </Badge>
                        ))}
                      </span>
                      {needsRestrictedCompliance(center) && (
                        <span className="text-xs">
                          {t('clusterConfig.dataCenter.restricted', {
                            type: compliantType?.name ?? COMPLIANT_CLUSTER_TYPE_ID,
                          })}
                        </span>
                      )}
                    </ChoiceCard>
                  )
                })}
              </div>
            </div>
          ),
      )}
      <GroupError id={errorId} error={error} />
    </fieldset>
  )
}
