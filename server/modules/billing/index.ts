/**
 * The billing module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Billing builds on users (the admins who hear of a budget alert): users ← billing; no identity
 * module (users, auth, organizations, gdpr) uses it.
 */

export type { PaymentOptions } from '#common/payment-instructions.ts'
export { syncClusterMeter, syncInstallationMeter, syncSupportPlanMeter } from './billable-periods.ts'
export { organizationOf } from './billing-organization.ts'
export { deliverBudgetWebhook, evaluateBudgetAlerts, sealLegacyWebhookSecrets } from './budget-alerts.ts'
export {
  HOUR_MS,
  monthOf,
  startOfHour,
  startOfMonth,
  startOfNamedMonth,
  startOfNextMonth,
} from './calendar.ts'
export type { ChargeLine } from './charges.ts'
export { chargeLines, rateForMonth, splitByWeight, sumOf } from './charges.ts'
export { expireCredits, grantCredits } from './credit-ledger.ts'
export { grantCreditsByOfficer, issueCreditNote } from './credit-notes.ts'
export { currencyOf } from './currency.ts'
export { previewOrderInvoice } from './invoice-preview.ts'
export { listInvoicesForOfficers, toInvoiceSummary } from './invoice-reads.ts'
export { meterDueHours, meterHour } from './metering-run.ts'
export { issueMonthlyInvoice, issueMonthlyInvoices } from './monthly-invoices.ts'
export { chaseOverdueInvoices } from './overdue.ts'

export { monthSpend } from './summary.ts'
export { issueOrderInvoice } from './yearly-order-invoices.ts'
