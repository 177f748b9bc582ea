import { useQueryClient } from '@tanstack/react-query'
import { billing } from '#common/contract/billing.ts'
import type { BillingDetails, BillingDetailsInput, BudgetAlert, Checkout } from '#common/schemas/billing.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiKey } from '#web/lib/api/queries.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/billing.ts'

/**
 * The billing area's writes. Paying goes to Stripe's hosted checkout: the browser leaves for the
 * URL the server answers, and comes back to /payment-success (or /billing when it was cancelled).
 * What each write changes is refreshed by the query client, from the contract.
 */

function goToCheckout({ url }: Checkout) {
  window.location.assign(url)
}

export function useBuyCredits() {
  return useApiMutation(billing.buyCredits, {
    input: (amount: number) => ({ body: { amount } }),
    onSuccess: goToCheckout,
  })
}

export function usePayInvoice() {
  const { t } = useTranslation()
  return useApiMutation(billing.payInvoice, {
    input: (invoiceId: string) => ({ params: { id: invoiceId } }),
    onSuccess: goToCheckout,
    onError: (error) =>
      toast({ title: t('billing.invoices.payFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useAddPaymentMethod() {
  const { t } = useTranslation()
  return useApiMutation(billing.addPaymentMethod, {
    onSuccess: goToCheckout,
    onError: (error) =>
      toast({ title: t('billing.methods.addFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useMakeDefaultPaymentMethod() {
  const { t } = useTranslation()
  return useApiMutation(billing.setDefaultPaymentMethod, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => toast({ title: t('billing.methods.madeDefault'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('billing.methods.changeFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useRemovePaymentMethod() {
  const { t } = useTranslation()
  return useApiMutation(billing.removePaymentMethod, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => toast({ title: t('billing.methods.removed'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('billing.methods.changeFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(billing.updateDetails, {
    input: (details: BillingDetailsInput | BillingDetails) => ({ body: details }),
    onSuccess: (saved) => {
      queryClient.setQueryData(apiKey(billing.details), saved)
      toast({ title: t('billing.details.saved'), variant: 'success' })
    },
  })
}

export function useCreateBudgetAlert() {
  return useApiMutation(billing.createBudgetAlert, {
    input: (alert: Pick<BudgetAlert, 'amountCents' | 'basis' | 'webhookUrl'>) => ({ body: alert }),
  })
}

export function useDeleteBudgetAlert() {
  const { t } = useTranslation()
  return useApiMutation(billing.deleteBudgetAlert, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => toast({ title: t('billing.alerts.deleted'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('billing.alerts.deleteFailed'), description: error.message, variant: 'destructive' }),
  })
}
