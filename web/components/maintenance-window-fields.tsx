import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { MAINTENANCE_WINDOW_HOURS, type MaintenanceWindow, WEEKDAYS } from '#common/schemas/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { CheckboxField } from './ui/checkbox-field.tsx'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './ui/form.tsx'
import { NativeSelect } from './ui/native-select.tsx'
import '#web/lib/strings/cluster-operations.ts'

/**
 * A cluster's weekly maintenance window, as fields of a form holding `maintenanceWindow`: day,
 * start hour (UTC) and automatic patch upgrades. The wizard and a cluster's settings both use it.
 */
export function MaintenanceWindowFields<
  Values extends FieldValues & { maintenanceWindow: MaintenanceWindow },
>({ control }: { control: Control<Values, unknown, unknown> }) {
  const { t } = useTranslation()
  const path = (field: keyof MaintenanceWindow) => `maintenanceWindow.${field}` as FieldPath<Values>
  const hour = (value: number) => `${String(value % 24).padStart(2, '0')}:00`
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-lg">
        <FormField
          control={control}
          name={path('day')}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('clusterOperations.maintenance.day')}</FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  onChange={(event) =>
                    field.onChange(WEEKDAYS.find((day) => day === event.target.value) ?? 'sunday')
                  }
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {t(`clusterOperations.maintenance.days.${day}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name={path('startHour')}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('clusterOperations.maintenance.startHour')}</FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  value={String(field.value)}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  {Array.from({ length: 24 }, (_, start) => (
                    <option key={start} value={start}>
                      {t('clusterOperations.maintenance.hourRange', {
                        from: hour(start),
                        to: hour(start + MAINTENANCE_WINDOW_HOURS),
                      })}
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
        name={path('autoPatchUpgrades')}
        render={({ field }) => (
          <CheckboxField
            name={field.name}
            label={t('clusterOperations.maintenance.autoPatch')}
            hint={t('clusterOperations.maintenance.autoPatchHint')}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </div>
  )
}
