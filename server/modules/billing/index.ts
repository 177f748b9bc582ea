/**
 * The billing module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Billing builds on users (the admins who hear of a budget alert): users ← billing; no identity
 * module (users, auth, organizations, gdpr) uses it.
 */
export { deliverBudgetWebhook, evaluateBudgetAlerts, sealLegacyWebhookSecrets } from './budget-alerts.ts'
export type { ChargeLine } from './charges.ts'
export { chargeLines, rateForMonth, splitByWeight, sumOf } from './charges.ts'
export { grantCreditsByOfficer, issueCreditNote } from './credit-notes.ts'
export { expireCredits, grantCredits } from './credits.ts'
export { previewOrderInvoice } from './invoice-preview.ts'
export { listInvoicesForOfficers, toInvoiceSummary } from './invoices.ts'
export { currencyOf, issueMonthlyInvoice, issueMonthlyInvoices, monthOf, monthStart } from './invoicing.ts'
export { syncClusterMeter, syncInstallationMeter, syncSupportPlanMeter } from './meter.ts'
export { HOUR_MS, meterDueHours, meterHour, startOfHour, startOfMonth, startOfNextMonth } from './metering.ts'
export { issueOrderInvoice } from './order-invoices.ts'
export { chaseOverdueInvoices } from './overdue.ts'
export type { PaymentOptions } from './seller.ts'
export { paymentInstructions } from './seller.ts'
export { organizationOf } from './service.ts'
export { monthSpend } from './summary.ts'
