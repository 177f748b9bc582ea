import { useId } from 'react'
import {
  COMPLIANT_CLUSTER_TYPE_ID,
  dataCenterState,
  needsRestrictedCompliance,
  restrictedComplianceTagsOf,
  takesOrders,
} from '#common/cluster-rules.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { ChoiceCard, GroupError } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/**
 * Step 2: where the cluster runs. HDS and SecNumCloud data centers take Enterprise only: for
 * another type they show up front that they cannot be chosen, why, and a button that switches the
 * cluster to the type that can and picks the data center in one go.
 */
export function DataCenterStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const errorId = useId()
  const error = useFieldMessage('dataCenterCode')
  const compliantType = catalog.clusterTypes.find((type) => type.id === COMPLIANT_CLUSTER_TYPE_ID)
  const compliantName = clusterTypeName(t, compliantType ?? { id: COMPLIANT_CLUSTER_TYPE_ID })
  const chosenTypeIsCompliant = wizard.draft.clusterTypeId === COMPLIANT_CLUSTER_TYPE_ID
  const pick = (code: string) =>
    wizard.form.setValue('dataCenterCode', code, { shouldValidate: true, shouldDirty: true })
  const groups = [
    { key: 'eu', centers: catalog.dataCenters.filter((center) => center.inEu) },
    { key: 'outsideEu', centers: catalog.dataCenters.filter((center) => !center.inEu) },
  ] as const
  return (
    <fieldset className="grid gap-5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm text-muted-foreground">
        {t('clusterConfig.dataCenter.legend', { type: compliantName })}
      </legend>
      {groups.map(
        (group) =>
          group.centers.length > 0 && (
            <div key={group.key} className="grid gap-3">
              <h3 className="text-sm font-semibold">{t(`clusterConfig.dataCenter.${group.key}`)}</h3>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {group.centers.map((center) => {
                  const state = dataCenterState(center)
                  const closed = !takesOrders(center)
                  const otherTypeOnly = needsRestrictedCompliance(center) && !chosenTypeIsCompliant
                  const card = (
                    <ChoiceCard
                      key={center.code}
                      testId="data-center-option"
                      name="dataCenterCode"
                      value={center.code}
                      checked={wizard.draft.dataCenterCode === center.code}
                      disabled={closed || (otherTypeOnly && wizard.draft.dataCenterCode !== center.code)}
                      invalid={Boolean(error)}
                      onSelect={() => pick(center.code)}
                      title={`${center.city} (${center.code})`}
                      badge={
                        closed ? (
                          <Badge variant="secondary">{t('clusterConfig.dataCenter.closed')}</Badge>
                        ) : otherTypeOnly ? (
                          <Badge variant="secondary">
                            {t('clusterConfig.dataCenter.restricted', { type: compliantName })}
                          </Badge>
                        ) : state === 'limited' ? (
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
                            {t(`common.complianceTags.${tag}`)}
                          </Badge>
                        ))}
                      </span>
                      {needsRestrictedCompliance(center) && (
                        <span className="text-xs">
                          {otherTypeOnly
                            ? t('clusterConfig.dataCenter.restrictedWhy', {
                                tags: restrictedComplianceTagsOf(center).join(', '),
                                type: compliantName,
                              })
                            : t('clusterConfig.dataCenter.restricted', { type: compliantName })}
                        </span>
                      )}
                    </ChoiceCard>
                  )
                  if (!otherTypeOnly || closed || !compliantType) return card
                  return (
                    <div key={center.code} className="grid content-start gap-2">
                      {card}
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        className="justify-self-start"
                        data-testid="switch-to-compliant-type"
                        onClick={() => {
                          wizard.chooseClusterType(compliantType.id)
                          pick(center.code)
                        }}
                      >
                        {t('clusterConfig.dataCenter.switchType', { type: compliantName, city: center.city })}
                      </Button>
                    </div>
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
