import { CheckCircle2, XCircle } from 'lucide-react'
import { type Order, orderApprovalSchema, orderRejectionSchema } from '#common/schemas/orders.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDecideOrder } from '../api/order-approvals.ts'
import '#web/lib/strings/officers.ts'

/** An officer's decision on a pending order: a note, then approve, or decline with the reason. */
export function ApprovalDecision({ order }: { order: Order }) {
  const { t } = useTranslation()
  const decide = useDecideOrder({
    // The decided order leaves the queue: its toast is said by the mutation, not by this row.
    onDecided: (_order, { approve }) =>
      toast({
        variant: 'success',
        title: approve ? t('officers.approvals.approvedTitle') : t('officers.approvals.declinedTitle'),
        description: t('officers.approvals.decidedText', { reference: order.reference }),
      }),
  })
  const form = useZodForm(orderApprovalSchema, { defaultValues: { note: '' } })

  const submit = (approve: boolean, note: string | null) => {
    // Declining needs a reason the customer will read: the refusal's own rules say so.
    const refusal = orderRejectionSchema.safeParse({ note: note ?? '' })
    if (!approve && !refusal.success) {
      form.setError('note', { message: refusal.error.issues[0]?.message }, { shouldFocus: true })
      return
    }
    decide.mutate(
      { orderId: order.id, approve, note: note ?? '' },
      {
        onError: (error) => {
          if (applyServerErrors(form, error)) return
          toast({ variant: 'destructive', title: t('officers.approvals.failed'), description: error.message })
        },
      },
    )
  }

  return (
    <Form form={form} onSubmit={({ note }) => submit(true, note)} className="gap-4">
      <FormField
        control={form.control}
        name="note"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('officers.approvals.note')}</FormLabel>
            <FormControl>
              <Textarea {...field} value={field.value ?? ''} maxLength={1000} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={decide.isPending}>
          <CheckCircle2 aria-hidden="true" />
          {t('officers.approvals.approve')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => void form.handleSubmit(({ note }) => submit(false, note))()}
        >
          <XCircle aria-hidden="true" />
          {t('officers.approvals.decline')}
        </Button>
      </div>
    </Form>
  )
}
