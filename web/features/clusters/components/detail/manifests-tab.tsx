import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterManifests } from '../../api/get-cluster-manifests.ts'
import { SectionCard } from './section-card.tsx'
import '#web/lib/strings/cluster-operations.ts'

/** The cluster's configuration as YAML, read-only, with a copy button. */
export function ManifestsTab({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation()
  const manifests = useClusterManifests(clusterId)
  let content: React.ReactNode
  if (manifests.isPending) content = <LoadingBlock label={t('clusterOperations.yaml.loading')} rows={3} />
  else if (manifests.isError)
    content = <LoadError title={t('clusterOperations.yaml.loadFailed')} query={manifests} />
  else
    content = (
      <pre
        className="max-h-[32rem] overflow-auto rounded-lg border bg-muted/50 p-4 font-mono text-[13px] leading-relaxed"
        // The region scrolls: keyboard users need to reach it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        data-testid="cluster-yaml"
      >
        <code>{manifests.data}</code>
      </pre>
    )
  return (
    <SectionCard
      title={t('clusterOperations.yaml.title')}
      description={t('clusterOperations.yaml.hint')}
      action={
        manifests.data ? (
          <CopyButton text={manifests.data} label={t('clusterOperations.yaml.copy')} />
        ) : undefined
      }
      testId="yaml-section"
    >
      {content}
    </SectionCard>
  )
}
