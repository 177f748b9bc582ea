import { useEffect, useId, useState } from 'react'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDemoSlots } from '../api/get-demo-slots.ts'
import { groupSlotsByDay } from '../demo-time.ts'
import type { CustomFieldControl } from './lead-form.tsx'
import '#web/lib/strings/leads.ts'

/**
 * The demo's day and time, as two groups of radio buttons (arrow keys move within a group): the
 * days with a free slot, then the free times of the chosen day, in the slots' time zone.
 */
export function DemoSlotPicker({ control }: { control: CustomFieldControl }) {
  const { t } = useTranslation()
  const errorId = useId()
  const slotsQuery = useDemoSlots()
  const timeZone = slotsQuery.data?.timeZone ?? 'Europe/Paris'
  const dates = useDateFormat(timeZone)
  const days = slotsQuery.data ? groupSlotsByDay(slotsQuery.data.slots, timeZone) : []
  const [chosenDay, setChosenDay] = useState<string>()
  const dayOfValue = days.find((day) => day.slots.some((slot) => slot.start === control.value))?.key
  const day = days.find((candidate) => candidate.key === (dayOfValue ?? chosenDay)) ?? days[0]

  // A chosen slot that is no longer free (someone else booked it) is let go; its error stays.
  const { value, clear } = control
  const freeSlots = slotsQuery.data?.slots
  useEffect(() => {
    if (value && freeSlots && !freeSlots.some((slot) => slot.start === value)) clear()
  }, [value, freeSlots, clear])

  const legendClass = 'text-sm font-medium'
  return (
    <fieldset
      className="grid gap-4"
      aria-describedby={control.error ? errorId : undefined}
      aria-invalid={control.error ? true : undefined}
    >
      <legend className="mb-3 text-sm font-medium">{t('leads.scheduleDemo.slotLegend')}</legend>
      {slotsQuery.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('leads.scheduleDemo.loadingSlots')}
        </p>
      ) : slotsQuery.isError ? (
        <RetryAlert message={t('leads.scheduleDemo.slotsFailed')} onRetry={() => void slotsQuery.refetch()} />
      ) : !day ? (
        <p className="text-sm text-muted-foreground">{t('leads.scheduleDemo.noSlots')}</p>
      ) : (
        <>
          <fieldset className="grid gap-2">
            <legend className={legendClass}>{t('leads.scheduleDemo.day')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {days.map((candidate) => (
                <Choice
                  key={candidate.key}
                  name="demoDay"
                  value={candidate.key}
                  checked={candidate.key === day.key}
                  onChange={() => {
                    setChosenDay(candidate.key)
                    if (control.value && candidate.key !== day.key) control.onChange('')
                  }}
                  label={dates.shortDay(candidate.slots[0]!.start)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className={legendClass}>{t('leads.scheduleDemo.time', { timeZone })}</legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-4 xl:grid-cols-6">
              {day.slots.map((slot, index) => (
                <Choice
                  inputRef={index === 0 ? control.ref : undefined}
                  key={slot.start}
                  name={control.name}
                  value={slot.start}
                  checked={slot.start === control.value}
                  onChange={() => control.onChange(slot.start)}
                  label={dates.hourMinute(slot.start)}
                  invalid={Boolean(control.error)}
                />
              ))}
            </div>
          </fieldset>
        </>
      )}
      {control.error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {control.error}
        </p>
      )}
    </fieldset>
  )
}

/** A radio button drawn as a chip: the input stays in the page for keyboards and screen readers. */
function Choice({
  inputRef,
  name,
  value,
  checked,
  onChange,
  label,
  invalid = false,
}: {
  inputRef?: (element: HTMLElement | null) => void
  name: string
  value: string
  checked: boolean
  onChange: () => void
  label: string
  invalid?: boolean
}) {
  return (
    <label
      className={cn(
        'relative flex h-10 cursor-pointer items-center justify-center rounded-md border bg-background px-3 text-sm font-medium whitespace-nowrap shadow-xs transition-colors select-none',
        'hover:bg-accent hover:text-accent-foreground',
        'has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-checked:hover:bg-primary/90',
        'has-focus-visible:ring-3 has-focus-visible:ring-ring/40',
        invalid && 'border-destructive',
      )}
    >
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
      {label}
    </label>
  )
}
