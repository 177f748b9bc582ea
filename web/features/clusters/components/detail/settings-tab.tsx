import { Moon, Sun } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type ClusterDetail,
  MAINTENANCE_WINDOW_HOURS,
  type MaintenanceWindow,
  WEEKDAYS,
} from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useHibernateCluster } from '../../api/hibernate-cluster.ts'
import { useUpdateMaintenanceWindow } from '../../api/update-maintenance-window.ts'
import { useWakeCluster } from '../../api/wake-cluster.ts'
import { canChange, isClusterBusy } from '../../cluster-status.ts'
import { DeleteClusterDialog } from './delete-cluster-dialog.tsx'
import { SectionCard } from './section-card.tsx'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

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
          title={t('clusters.delete.sectionTitle')}
          description={t('clusters.delete.sectionHint')}
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

function MaintenanceSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const id = useId()
  const saved = cluster.configuration.maintenanceWindow
  const [draft, setDraft] = useState<MaintenanceWindow>(saved)
  const update = useUpdateMaintenanceWindow(cluster.id)
  const changed =
    draft.day !== saved.day ||
    draft.startHour !== saved.startHour ||
    draft.autoPatchUpgrades !== saved.autoPatchUpgrades
  const hour = (value: number) => `${String(value).padStart(2, '0')}:00`
  return (
    <SectionCard
      title={t('clusters.maintenance.title')}
      description={t('clusters.maintenance.hint', { hours: MAINTENANCE_WINDOW_HOURS })}
      testId="maintenance-section"
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          update.mutate(draft)
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-day`} className="text-sm font-medium">
              {t('clusters.maintenance.day')}
            </label>
            <NativeSelect
              id={`${id}-day`}
              value={draft.day}
              onChange={(event) =>
                setDraft({ ...draft, day: event.target.value as MaintenanceWindow['day'] })
              }
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`clusters.maintenance.days.${day}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-hour`} className="text-sm font-medium">
              {t('clusters.maintenance.startHour')}
            </label>
            <NativeSelect
              id={`${id}-hour`}
              value={String(draft.startHour)}
              onChange={(event) => setDraft({ ...draft, startHour: Number(event.target.value) })}
            >
              {HOURS.map((value) => (
                <option key={value} value={value}>
                  {t('clusters.maintenance.hourRange', {
                    from: hour(value),
                    to: hour((value + MAINTENANCE_WINDOW_HOURS) % 24),
                  })}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-patch`}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={draft.autoPatchUpgrades}
            onChange={(event) => setDraft({ ...draft, autoPatchUpgrades: event.target.checked })}
          />
          <label htmlFor={`${id}-patch`} className="grid gap-0.5 text-sm">
            <span className="font-medium">{t('clusters.maintenance.autoPatch')}</span>
            <span className="text-muted-foreground">{t('clusters.maintenance.autoPatchHint')}</span>
          </label>
        </div>
        <div>
          <Button
            type="submit"
            size="sm"
            disabled={!changed || update.isPending}
            data-testid="save-maintenance"
          >
            {update.isPending ? t('clusters.maintenance.saving') : t('clusters.maintenance.save')}
          </Button>
        </div>
      </form>
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
      title={t('clusters.hibernation.title')}
      description={hibernated ? t('clusters.hibernation.hibernatedHint') : t('clusters.hibernation.hint')}
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
            {wake.isPending ? t('clusters.hibernation.waking') : t('clusters.hibernation.wake')}
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
                {t('clusters.hibernation.hibernate')}
              </Button>
            }
            title={t('clusters.hibernation.confirmTitle', { name: cluster.name })}
            description={<p>{t('clusters.hibernation.confirmText')}</p>}
            confirmLabel={t('clusters.hibernation.confirm')}
            pendingLabel={t('clusters.hibernation.hibernating')}
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
