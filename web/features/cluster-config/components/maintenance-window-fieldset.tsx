import { MaintenanceWindowFields } from '#web/components/maintenance-window-fields.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/** The weekly window in which the cluster may be patched, on the review step. */
export function MaintenanceWindowFieldset({ wizard }: { wizard: StepProps['wizard'] }) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('clusterConfig.review.maintenance')}</legend>
      <MaintenanceWindowFields control={wizard.form.control} />
    </fieldset>
  )
}
