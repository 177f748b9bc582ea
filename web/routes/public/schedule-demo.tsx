import { demoBookingRequestSchema } from '#common/schemas/leads.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useBookDemo } from '#web/features/leads/api/book-demo.ts'
import { DemoSlotPicker } from '#web/features/leads/components/demo-slot-picker.tsx'
import { type LeadField, LeadForm } from '#web/features/leads/components/lead-form.tsx'
import { LeadConfirmation, LeadFormCard, LeadPage } from '#web/features/leads/components/lead-page.tsx'
import { COMPANY_FIELD, EMAIL_FIELD, messageField, NAME_FIELD } from '#web/features/leads/lead-fields.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/leads.ts'

const DEMO_TIME_ZONE = 'Europe/Paris'

const FIELDS: LeadField[] = [
  NAME_FIELD,
  EMAIL_FIELD,
  { ...COMPANY_FIELD, half: false },
  { name: 'slotStart', kind: 'custom', render: (control) => <DemoSlotPicker control={control} /> },
  messageField('leads.scheduleDemo.message', true),
]

/**
 * /schedule-demo: the visitor picks a free 30-minute slot and books it (POST
 * /api/leads/schedule-demo). A slot booked by someone else meanwhile is refused beside the picker,
 * which then offers only the slots still free.
 */
export default function ScheduleDemoRoute() {
  const { t } = useTranslation()
  const booking = useBookDemo()
  const dates = useDateFormat(DEMO_TIME_ZONE)
  return (
    <LeadPage
      eyebrow={t('leads.scheduleDemo.eyebrow')}
      title={t('leads.scheduleDemo.title')}
      lead={t('leads.scheduleDemo.lead')}
      steps={[t('leads.scheduleDemo.step1'), t('leads.scheduleDemo.step2'), t('leads.scheduleDemo.step3')]}
    >
      {booking.data ? (
        <LeadConfirmation
          title={t('leads.scheduleDemo.doneTitle')}
          actions={
            <Button variant="outline" onClick={() => booking.reset()}>
              {t('leads.sendAnother')}
            </Button>
          }
        >
          <p>
            {t('leads.scheduleDemo.doneText', {
              when: dates.fullDateTime(booking.data.slotStart),
            })}
          </p>
        </LeadConfirmation>
      ) : (
        <LeadFormCard>
          <LeadForm
            schema={demoBookingRequestSchema}
            fields={FIELDS}
            pending={booking.isPending}
            submitLabel={t('leads.scheduleDemo.submit')}
            onSubmit={(request, onError) => booking.mutate(request, { onError })}
          />
        </LeadFormCard>
      )}
    </LeadPage>
  )
}
