import { useTranslation } from 'react-i18next'
import { MAINTENANCE_WINDOW_HOURS, WEEKDAYS } from '#common/schemas/clusters.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import type { WizardDraft } from '../draft.ts'
import { CheckboxField } from './controls.tsx'
import type { StepProps } from './step-props.ts'

/** The weekly window in which the cluster may be patched: day, start hour, automatic patches. */
export function MaintenanceWindowFieldset({ wizard }: { wizard: StepProps['wizard'] }) {
  const { t } = useTranslation()
  const { maintenanceWindow } = wizard.draft
  const setMaintenance = (change: Partial<WizardDraft['maintenanceWindow']>, field: string) =>
    wizard.update(
      (current) => ({ ...current, maintenanceWindow: { ...current.maintenanceWindow, ...change } }),
      [`maintenanceWindow.${field}`],
    )

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('clusterConfig.review.maintenance')}</legend>
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-lg">
        <FormField label={t('clusterConfig.review.maintenanceDay')}>
          {(control) => (
            <NativeSelect
              {...control}
              name="maintenanceWindow.day"
              value={maintenanceWindow.day}
              onChange={(event) =>
                setMaintenance({ day: WEEKDAYS.find((day) => day === event.target.value) ?? 'sunday' }, 'day')
              }
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`clusterConfig.weekdays.${day}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label={t('clusterConfig.review.maintenanceHour')}
          error={wizard.errorOf('maintenanceWindow.startHour')}
        >
          {(control) => (
            <NativeSelect
              {...control}
              name="maintenanceWindow.startHour"
              value={String(maintenanceWindow.startHour)}
              onChange={(event) => setMaintenance({ startHour: Number(event.target.value) }, 'startHour')}
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {hourRange(hour)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <CheckboxField
        name="maintenanceWindow.autoPatchUpgrades"
        label={t('clusterConfig.review.autoPatch')}
        hint={t('clusterConfig.review.autoPatchHint', { hours: MAINTENANCE_WINDOW_HOURS })}
        checked={maintenanceWindow.autoPatchUpgrades}
        onCheckedChange={(autoPatchUpgrades) => setMaintenance({ autoPatchUpgrades }, 'autoPatchUpgrades')}
      />
    </fieldset>
  )
}

function hourRange(hour: number): string {
  const pad = (value: number) => String(value % 24).padStart(2, '0')
  return `${pad(hour)}:00–${pad(hour + MAINTENANCE_WINDOW_HOURS)}:00 UTC`
}
