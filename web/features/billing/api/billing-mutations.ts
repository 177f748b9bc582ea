import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type {
  BillingDetails,
  BillingDetailsInput,
  BudgetAlert,
  Checkout,
  CreatedBudgetAlert,
} from '#common/schemas/billing.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast-store.ts'
import { BILLING_PATHS } from './billing-queries.ts'

/**
 * The billing area's writes. Paying goes to Stripe's hosted checkout: the browser leaves for the
 * URL the server answers, and comes back to /payment-success (or /billing when it was cancelled).
 */

function goToCheckout({ url }: Checkout) {
  window.location.assign(url)
}

function refresh(queryClient: QueryClient, ...paths: string[]) {
  return Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: [path] })))
}

export function useBuyCredits() {
  return useMutation({
    mutationFn: (amount: number) =>
      apiRequest<Checkout>('POST', `${BILLING_PATHS.credits}/checkout`, { amount }),
    onSuccess: goToCheckout,
  })
}

export function usePayInvoice() {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (invoiceId: string) =>
      apiRequest<Checkout>('POST', `${BILLING_PATHS.invoices}/${encodeURIComponent(invoiceId)}/checkout`),
    onSuccess: goToCheckout,
    onError: (error) =>
      toast({ title: t('billing.invoices.payFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useAddPaymentMethod() {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: () => apiRequest<Checkout>('POST', `${BILLING_PATHS.paymentMethods}/checkout`),
    onSuccess: goToCheckout,
    onError: (error) =>
      toast({ title: t('billing.methods.addFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useMakeDefaultPaymentMethod() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `${BILLING_PATHS.paymentMethods}/${encodeURIComponent(id)}/default`),
    onSuccess: () => {
      toast({ title: t('billing.methods.madeDefault'), variant: 'success' })
      return refresh(queryClient, BILLING_PATHS.paymentMethods)
    },
    onError: (error) =>
      toast({ title: t('billing.methods.changeFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `${BILLING_PATHS.paymentMethods}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t('billing.methods.removed'), variant: 'success' })
      return refresh(queryClient, BILLING_PATHS.paymentMethods)
    },
    onError: (error) =>
      toast({ title: t('billing.methods.changeFailed'), description: error.message, variant: 'destructive' }),
  })
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (details: BillingDetailsInput | BillingDetails) =>
      apiRequest<BillingDetails>('PUT', BILLING_PATHS.details, details),
    onSuccess: (saved) => {
      queryClient.setQueryData([BILLING_PATHS.details], saved)
      toast({ title: t('billing.details.saved'), variant: 'success' })
      return refresh(queryClient, BILLING_PATHS.summary, BILLING_PATHS.budgetAlerts)
    },
  })
}

export function useCreateBudgetAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (alert: Pick<BudgetAlert, 'amountCents' | 'basis' | 'webhookUrl'>) =>
      apiRequest<CreatedBudgetAlert>('POST', BILLING_PATHS.budgetAlerts, alert),
    onSuccess: () => refresh(queryClient, BILLING_PATHS.budgetAlerts),
  })
}

export function useDeleteBudgetAlert() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `${BILLING_PATHS.budgetAlerts}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t('billing.alerts.deleted'), variant: 'success' })
      return refresh(queryClient, BILLING_PATHS.budgetAlerts)
    },
    onError: (error) =>
      toast({ title: t('billing.alerts.deleteFailed'), description: error.message, variant: 'destructive' }),
  })
}
