import { useTranslation } from 'react-i18next'
import { MAINTENANCE_WINDOW_HOURS, WEEKDAYS } from '#common/schemas/clusters.ts'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { CheckboxField } from './controls.tsx'
import type { StepProps } from './step-props.ts'

/** The weekly window in which the cluster may be patched: day, start hour, automatic patches. */
export function MaintenanceWindowFieldset({ wizard }: { wizard: StepProps['wizard'] }) {
  const { t } = useTranslation()
  const { control } = wizard.form
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('clusterConfig.review.maintenance')}</legend>
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-lg">
        <FormField
          control={control}
          name="maintenanceWindow.day"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('clusterConfig.review.maintenanceDay')}</FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  onChange={(event) =>
                    field.onChange(WEEKDAYS.find((day) => day === event.target.value) ?? 'sunday')
                  }
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {t(`clusterConfig.weekdays.${day}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="maintenanceWindow.startHour"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('clusterConfig.review.maintenanceHour')}</FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  value={String(field.value)}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  {Array.from({ length: 24 }, (_, hour) => (
                    <option key={hour} value={hour}>
                      {hourRange(hour)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="maintenanceWindow.autoPatchUpgrades"
        render={({ field }) => (
          <CheckboxField
            name={field.name}
            label={t('clusterConfig.review.autoPatch')}
            hint={t('clusterConfig.review.autoPatchHint', { hours: MAINTENANCE_WINDOW_HOURS })}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </fieldset>
  )
}

function hourRange(hour: number): string {
  const pad = (value: number) => String(value % 24).padStart(2, '0')
  return `${pad(hour)}:00–${pad(hour + MAINTENANCE_WINDOW_HOURS)}:00 UTC`
}
