import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import type { LeadReceipt } from '#common/schemas/leads.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type LeadField, LeadForm } from './lead-form.tsx'
import { LeadConfirmation, LeadFormCard, LeadPage } from './lead-page.tsx'
import '#web/lib/strings/leads.ts'

/** The lead forms whose page is the same shape: text under `leads.<copy>`. */
export type LeadCopy = 'contactSales' | 'customQuote' | 'workloadMigration' | 'contact'

/**
 * A lead form's whole page: the frame with what happens next, the form, and once it is sent the
 * confirmation, which offers to send another; `aside` is more for the frame (LeadPage).
 */
export function LeadFormScreen<Schema extends z.ZodType<unknown, FieldValues>>({
  copy,
  schema,
  fields,
  submission,
  aside,
}: {
  copy: LeadCopy
  schema: Schema
  fields: readonly LeadField[]
  submission: UseMutationResult<LeadReceipt, Error, z.output<Schema>>
  aside?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <LeadPage
      eyebrow={t(`leads.${copy}.eyebrow`)}
      title={t(`leads.${copy}.title`)}
      lead={t(`leads.${copy}.lead`)}
      steps={[t(`leads.${copy}.step1`), t(`leads.${copy}.step2`), t(`leads.${copy}.step3`)]}
      aside={aside}
    >
      {submission.isSuccess ? (
        <LeadConfirmation
          title={t(`leads.${copy}.doneTitle`)}
          actions={
            <Button variant="outline" onClick={() => submission.reset()}>
              {t('leads.sendAnother')}
            </Button>
          }
        >
          <p>{t(`leads.${copy}.doneText`)}</p>
        </LeadConfirmation>
      ) : (
        <LeadFormCard>
          <LeadForm
            schema={schema}
            fields={fields}
            pending={submission.isPending}
            submitLabel={t(`leads.${copy}.submit`)}
            onSubmit={(request, onError) => submission.mutate(request, { onError })}
          />
        </LeadFormCard>
      )}
    </LeadPage>
  )
}
