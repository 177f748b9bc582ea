import { AlertCircle, Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { WizardStep } from '../wizard-steps.ts'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** What was chosen at each step, with a link back to edit it. */
export function ReviewSummary({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  const dataCenter = catalog.dataCenters.find((entry) => entry.code === draft.dataCenterCode)
  const flavorName = (id: string) => catalog.nodeFlavors.find((flavor) => flavor.id === id)?.name ?? id
  const addOns = catalog.addOns.filter((addOn) => draft.addOnIds.includes(addOn.id))
  const none = <span className="text-muted-foreground">{t('clusterConfig.review.none')}</span>
  const { networking } = draft
  return (
    <div className="grid gap-3">
      <ReviewSection step="type" title={t('clusterConfig.steps.type')} wizard={wizard}>
        {type ? clusterTypeName(t, type) : none}
      </ReviewSection>
      <ReviewSection step="data-center" title={t('clusterConfig.steps.data-center')} wizard={wizard}>
        {dataCenter
          ? `${dataCenter.name} — ${dataCenter.city}, ${dataCenter.country} (${dataCenter.code})`
          : none}
      </ReviewSection>
      <ReviewSection step="version" title={t('clusterConfig.steps.version')} wizard={wizard}>
        {draft.kubernetesVersion ? `Kubernetes ${draft.kubernetesVersion}` : none}
      </ReviewSection>
      <ReviewSection step="node-pools" title={t('clusterConfig.steps.node-pools')} wizard={wizard}>
        <ul className="grid gap-2">
          {draft.nodePools.map((pool) => (
            <li key={pool.id} className="grid gap-0.5">
              <span className="font-medium">
                {pool.name || '—'} · {Number.isFinite(pool.nodeCount) ? pool.nodeCount : '?'} ×{' '}
                {flavorName(pool.flavorId)}
              </span>
              <span className="text-xs text-muted-foreground">
                {pool.autoscaling.enabled
                  ? t('clusterConfig.review.autoscalingRange', {
                      min: pool.autoscaling.min,
                      max: pool.autoscaling.max,
                    })
                  : t('clusterConfig.review.autoscalingOff')}
                {pool.labels.length > 0 &&
                  ` · ${t('clusterConfig.review.labels')}: ${pool.labels.map((label) => `${label.key}=${label.value}`).join(', ')}`}
                {pool.taints.length > 0 &&
                  ` · ${t('clusterConfig.review.taints')}: ${pool.taints.map((taint) => `${taint.key}=${taint.value}:${taint.effect}`).join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      </ReviewSection>
      <ReviewSection step="networking" title={t('clusterConfig.steps.networking')} wizard={wizard}>
        <span className="grid gap-0.5">
          <span>
            {networking.cni === 'cilium' ? 'Cilium' : 'Calico'} ·{' '}
            {networking.privateNetwork
              ? t('clusterConfig.review.privateNetwork')
              : t('clusterConfig.review.publicNetwork')}
          </span>
          <span className="font-mono text-xs text-muted-foreground">
            {t('clusterConfig.review.pods')} {networking.podCidr} · {t('clusterConfig.review.services')}{' '}
            {networking.serviceCidr}
          </span>
          <span className="text-xs text-muted-foreground">
            {networking.apiAllowList.length > 0
              ? `${t('clusterConfig.review.allowList')}: ${networking.apiAllowList.map((row) => row.cidr).join(', ')}`
              : t('clusterConfig.review.apiOpen')}
          </span>
        </span>
      </ReviewSection>
      <ReviewSection step="add-ons" title={t('clusterConfig.steps.add-ons')} wizard={wizard}>
        {addOns.length > 0 ? addOns.map((addOn) => addOn.name).join(', ') : none}
      </ReviewSection>
    </div>
  )
}

function ReviewSection({
  step,
  title,
  wizard,
  children,
}: {
  step: WizardStep
  title: string
  wizard: StepProps['wizard']
  children: ReactNode
}) {
  const { t } = useTranslation()
  const problems = wizard.stepIssues(step).length
  return (
    <section
      data-testid={`review-section-${step}`}
      aria-label={title}
      className="flex items-start justify-between gap-3 rounded-lg border bg-card px-4 py-3"
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
        <div className="min-w-0 break-words">{children}</div>
        {problems > 0 && (
          <p className="flex items-center gap-1 text-xs font-medium text-destructive">
            <AlertCircle className="size-3.5" aria-hidden="true" />
            {t('clusterConfig.review.problems', { count: problems })}
          </p>
        )}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => wizard.goTo(step)}
        aria-label={t('clusterConfig.review.edit', { section: title })}
      >
        <Pencil aria-hidden="true" />
        <span aria-hidden="true">{t('clusterConfig.review.editShort')}</span>
      </Button>
    </section>
  )
}
