import { type ClusterDetail, deletionConfirmationSchema } from '#common/schemas/clusters.ts'
import { TypedNameDialog } from '#web/components/ui/typed-name-dialog.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDeleteCluster } from '../../api/delete-cluster.ts'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

/** Deleting asks for the cluster's exact name: the button stays disabled until it is typed. */
export function DeleteClusterDialog({ cluster, disabled }: { cluster: ClusterDetail; disabled: boolean }) {
  const { t } = useTranslation()
  const remove = useDeleteCluster(cluster.id)
  return (
    <TypedNameDialog
      name={cluster.name}
      schema={deletionConfirmationSchema(cluster.name)}
      trigger={t('clusterOperations.delete.button')}
      title={t('clusterOperations.delete.title', { name: cluster.name })}
      description={t('clusterOperations.delete.description')}
      label={
        <span>
          {t('clusterOperations.delete.typeName')}{' '}
          <code className="font-mono font-semibold">{cluster.name}</code>
        </span>
      }
      confirmLabel={t('clusterOperations.delete.confirm')}
      pendingLabel={t('clusterOperations.delete.pending')}
      cancelLabel={t('clusters.dialog.cancel')}
      closeLabel={t('clusters.dialog.close')}
      pending={remove.isPending}
      disabled={disabled}
      onConfirm={(confirmName, { done, failed }) =>
        remove.mutate(confirmName, { onSuccess: done, onError: failed })
      }
      testId="delete"
    />
  )
}
