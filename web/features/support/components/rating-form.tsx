import type { UseMutationResult } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { type RatingInput, ratingSchema, type Ticket } from '#common/schemas/support.ts'
import { Form, FormAlert, FormField, FormTextareaField, useFieldMessage } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { cn } from '#web/lib/cn.ts'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

const SCORES = [1, 2, 3, 4, 5] as const

/** The satisfaction rating of a resolved ticket: 1 to 5 stars (radio buttons) and a comment, once. */
export function RatingForm({
  ticket,
  rate,
}: {
  ticket: Ticket
  rate: UseMutationResult<Ticket, Error, RatingInput>
}) {
  const { t } = useTranslation()
  const form = useZodForm(ratingSchema, { defaultValues: { score: 0, comment: '' } })
  if (ticket.rating)
    return (
      <p className="rounded-xl border p-4 text-sm" data-testid="ticket-rating">
        {t('support.rating.given', { score: ticket.rating.score })}
      </p>
    )
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby="ticket-rating-title"
    >
      <h2 id="ticket-rating-title" className="text-lg font-semibold">
        {t('support.rating.title')}
      </h2>
      <Form
        form={form}
        className="grid gap-4"
        onSubmit={(rating) =>
          rate.mutate(rating, {
            onSuccess: () => toast({ variant: 'success', title: t('support.rating.thanks') }),
            onError: (error) => applyServerErrors(form, error),
          })
        }
      >
        <FormAlert />
        <FormField
          control={form.control}
          name="score"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm">{t('support.rating.lead')}</legend>
              <div className="flex gap-1">
                {SCORES.map((score) => (
                  <label
                    key={score}
                    className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={score}
                      checked={field.value === score}
                      onChange={() => field.onChange(score)}
                      className="sr-only"
                    />
                    <Star
                      aria-hidden="true"
                      className={cn(
                        'size-7',
                        score <= (field.value ?? 0) ? 'fill-warning text-warning' : 'text-muted-foreground',
                      )}
                    />
                    <span className="sr-only">{t('support.rating.score', { score })}</span>
                  </label>
                ))}
              </div>
              <ScoreMessage />
            </fieldset>
          )}
        />
        <FormTextareaField control={form.control} name="comment" label={t('support.rating.comment')} />
        <div>
          <SubmitButton
            pending={rate.isPending}
            label={t('support.rating.submit')}
            pendingLabel={t('support.rating.submit')}
          />
        </div>
      </Form>
    </section>
  )
}

/** The score's problem, read inside the form. */
function ScoreMessage() {
  const message = useFieldMessage('score')
  return message ? <p className="text-sm font-medium text-destructive">{message}</p> : null
}
