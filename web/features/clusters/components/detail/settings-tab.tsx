import { Moon, Sun } from 'lucide-react'
import { z } from 'zod'
import {
  type ClusterDetail,
  MAINTENANCE_WINDOW_HOURS,
  maintenanceWindowSchema,
} from '#common/schemas/clusters.ts'
import { MaintenanceWindowFields } from '#web/components/maintenance-window-fields.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { Form, FormAlert } from '#web/components/ui/form.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useHibernateCluster } from '../../api/hibernate-cluster.ts'
import { useUpdateMaintenanceWindow } from '../../api/update-maintenance-window.ts'
import { useWakeCluster } from '../../api/wake-cluster.ts'
import { canChange, isClusterBusy } from '../../cluster-status.ts'
import { DeleteClusterDialog } from './delete-cluster-dialog.tsx'
import { SectionCard } from './section-card.tsx'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

/** Settings: the maintenance window, hibernation (Dev/Test and Sandbox), and deletion. */
export function SettingsTab({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const gone = cluster.status === 'deleted' || cluster.status === 'deleting'
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {!gone && <MaintenanceSection cluster={cluster} />}
      {cluster.canHibernate && !gone && <HibernationSection cluster={cluster} />}
      {!gone && (
        <SectionCard
          title={t('clusterOperations.delete.sectionTitle')}
          description={t('clusterOperations.delete.sectionHint')}
          className="border-destructive/40 lg:col-span-2"
          testId="danger-zone"
        >
          <div>
            <DeleteClusterDialog
              cluster={cluster}
              disabled={isClusterBusy(cluster) && cluster.status !== 'failed'}
            />
          </div>
        </SectionCard>
      )}
    </div>
  )
}

const maintenanceForm = z.object({ maintenanceWindow: maintenanceWindowSchema })

function MaintenanceSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const update = useUpdateMaintenanceWindow(cluster.id)
  const form = useZodForm(maintenanceForm, {
    defaultValues: { maintenanceWindow: cluster.configuration.maintenanceWindow },
  })
  return (
    <SectionCard
      title={t('clusterOperations.maintenance.title')}
      description={t('clusterOperations.maintenance.hint', { hours: MAINTENANCE_WINDOW_HOURS })}
      testId="maintenance-section"
    >
      <Form
        form={form}
        className="gap-4"
        onSubmit={({ maintenanceWindow }) =>
          update.mutate(maintenanceWindow, {
            // What was saved is the form's new starting point.
            onSuccess: () => form.reset({ maintenanceWindow }),
            onError: (error) => applyServerErrors(form, error),
          })
        }
      >
        <FormAlert />
        <MaintenanceWindowFields control={form.control} />
        <div>
          <Button
            type="submit"
            size="sm"
            disabled={!form.formState.isDirty || update.isPending}
            data-testid="save-maintenance"
          >
            {update.isPending
              ? t('clusterOperations.maintenance.saving')
              : t('clusterOperations.maintenance.save')}
          </Button>
        </div>
      </Form>
    </SectionCard>
  )
}

function HibernationSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const hibernate = useHibernateCluster(cluster.id)
  const wake = useWakeCluster(cluster.id)
  const locked = !canChange(cluster)
  const hibernated = cluster.status === 'hibernated'
  return (
    <SectionCard
      title={t('clusterOperations.hibernation.title')}
      description={
        hibernated
          ? t('clusterOperations.hibernation.hibernatedHint')
          : t('clusterOperations.hibernation.hint')
      }
      testId="hibernation-section"
    >
      <div>
        {hibernated ? (
          <Button
            size="sm"
            disabled={locked || wake.isPending}
            onClick={() => wake.mutate(undefined)}
            data-testid="wake-button"
          >
            <Sun aria-hidden="true" />
            {wake.isPending
              ? t('clusterOperations.hibernation.waking')
              : t('clusterOperations.hibernation.wake')}
          </Button>
        ) : (
          <ConfirmDialog
            testId="hibernate-dialog"
            trigger={
              <Button
                size="sm"
                variant="outline"
                disabled={locked || cluster.status !== 'running'}
                data-testid="hibernate-button"
              >
                <Moon aria-hidden="true" />
                {t('clusterOperations.hibernation.hibernate')}
              </Button>
            }
            title={t('clusterOperations.hibernation.confirmTitle', { name: cluster.name })}
            description={<p>{t('clusterOperations.hibernation.confirmText')}</p>}
            confirmLabel={t('clusterOperations.hibernation.confirm')}
            pendingLabel={t('clusterOperations.hibernation.hibernating')}
            cancelLabel={t('clusters.dialog.cancel')}
            closeLabel={t('clusters.dialog.close')}
            pending={hibernate.isPending}
            onConfirm={(done) => hibernate.mutate(undefined, { onSuccess: done })}
          />
        )}
      </div>
    </SectionCard>
  )
}
