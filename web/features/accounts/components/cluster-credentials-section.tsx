import { FileKey } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { ClusterCredential } from '#common/schemas/clusters.ts'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterCredentials, useRevokeClusterCredential } from '../api/cluster-credentials.ts'
import { RevokeCredentialDialog } from './revoke-credential-dialog.tsx'
import '#web/lib/strings/accounts.ts'

/**
 * The kubeconfigs the person downloaded, each its own credential: cluster, created, expires, last
 * used, and a revoke that the cluster obeys at its next token review.
 */
export function ClusterCredentialsSection() {
  const { t } = useTranslation()
  const credentials = useClusterCredentials()
  // The anchor that kubeconfig files and the download dialog link to.
  return (
    <div id="cluster-credentials" className="grid scroll-mt-20">
      <SectionCard
        id="cluster-credentials"
        title={t('accounts.clusterCredentials.title')}
        description={t('accounts.clusterCredentials.description')}
      >
        {credentials.isPending ? (
          <LoadingBlock label={t('accounts.clusterCredentials.loading')} rows={1} />
        ) : credentials.isError ? (
          <LoadError title={t('accounts.clusterCredentials.loadFailed')} query={credentials} />
        ) : credentials.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="cluster-credentials-empty">
            {t('accounts.clusterCredentials.empty')}{' '}
            <Link to={href('myClusters')} className="font-medium text-primary hover:underline">
              {t('accounts.clusterCredentials.toClusters')}
            </Link>
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('accounts.clusterCredentials.title')}>
            {credentials.data.map((credential) => (
              <CredentialRow key={credential.id} credential={credential} />
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  )
}

function CredentialRow({ credential }: { credential: ClusterCredential }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const revoke = useRevokeClusterCredential()
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-3"
      data-testid="cluster-credential"
      data-cluster-name={credential.clusterName}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <FileKey className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Link
            to={href('clusterDetail', { id: credential.clusterId })}
            className="break-all hover:underline"
          >
            {credential.clusterName}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.clusterCredentials.created', { date: dates.dateTime(credential.createdAt) })} ·{' '}
          <span data-testid="cluster-credential-expires">
            {t('accounts.clusterCredentials.expires', { date: dates.dateTime(credential.expiresAt) })}
          </span>{' '}
          ·{' '}
          {credential.lastUsedAt
            ? t('accounts.clusterCredentials.lastUsed', { when: dates.relative(credential.lastUsedAt) })
            : t('accounts.clusterCredentials.neverUsed')}
        </p>
      </div>
      <RevokeCredentialDialog
        label={t('accounts.clusterCredentials.revoke')}
        title={t('accounts.clusterCredentials.revokeTitle', { name: credential.clusterName })}
        text={t('accounts.clusterCredentials.revokeText')}
        failedTitle={t('accounts.clusterCredentials.failed')}
        pending={revoke.isPending}
        revoke={(callbacks) => revoke.mutate(credential.id, callbacks)}
      />
    </li>
  )
}
