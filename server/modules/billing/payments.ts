import { and, eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { CREDIT_NOTE_TEXTS } from '#common/credit-note-texts.ts'
import type { ExchangeRates } from '#common/money.ts'
import { centsOfUnits } from '#common/pricing.ts'
import { absoluteHref } from '#common/routes.ts'
import type { PaymentMethod, PaymentStatus } from '#common/schemas/billing.ts'
import type { Config } from '#server/config.ts'
import type { Database, Transaction } from '#server/db/client.ts'
import { creditEntries, invoices, organizations, payments, stripeEvents } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { badRequest, conflict, HttpError, notFound } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { currencyOf } from './currency.ts'

/**
 * Card and SEPA Direct Debit payments through Stripe Checkout (docs/decisions/016-billing.md):
 * setup mode saves a method, payment mode buys credits or pays an invoice. A payment is recorded
 * only from Stripe's signed webhook, once per event id, never from the browser's return.
 */

export type StripeSettings = NonNullable<Config['stripe']>

export function createStripe(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  })
}

export const cardPaymentsUnavailable = () =>
  new HttpError(503, 'Card and SEPA payments are not configured; the invoice says how to pay it', {
    code: 'PAYMENTS_NOT_CONFIGURED',
  })

/** The organization's Stripe customer, made on first use. */
async function customerOf(db: Database, stripe: Stripe, organizationId: string): Promise<string> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!organization) throw notFound('Organization not found')
  if (organization.stripeCustomerId) return organization.stripeCustomerId
  const customer = await stripe.customers.create(
    {
      name: organization.name,
      email: organization.billingEmail ?? undefined,
      metadata: { organizationId, billingId: organization.billingId },
    },
    { idempotencyKey: `customer-${organizationId}` },
  )
  // Two first uses at once make the same customer (the idempotency key): either write wins.
  await db
    .update(organizations)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(organizations.id, organizationId), sql`${organizations.stripeCustomerId} is null`))
  return customer.id
}

const PAYMENT_METHOD_TYPES: Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] = [
  'card',
  'sepa_debit',
]

/** A Checkout session to buy credits (`amount` whole units of the billing currency). */
export async function checkoutCredits(
  db: Database,
  stripe: Stripe,
  input: { caller: Caller; amount: number; rates: ExchangeRates; appUrl: string },
): Promise<{ url: string }> {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, input.caller.organizationId))
  if (!organization) throw notFound('Organization not found')
  const currency = currencyOf(organization.billingCurrency)
  const amountCents = centsOfUnits(input.amount)
  return startPaymentCheckout(db, stripe, {
    caller: input.caller,
    purpose: 'credits',
    invoiceId: null,
    amountCents,
    currency,
    usdCents: Math.round(amountCents / input.rates[currency]),
    productName: 'Clusterdeck credits',
    appUrl: input.appUrl,
  })
}

/** A Checkout session to pay what is left of an open or overdue invoice. */
export async function checkoutInvoice(
  db: Database,
  stripe: Stripe,
  input: { caller: Caller; invoiceId: string; appUrl: string },
): Promise<{ url: string }> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.organizationId, input.caller.organizationId)))
  if (invoice?.kind !== 'invoice') throw notFound('Invoice not found')
  const due = invoice.totalCents - invoice.amountPaidCents
  if (invoice.status === 'paid' || due <= 0)
    throw conflict(`${invoice.number} is already paid`, 'INVOICE_PAID')
  return startPaymentCheckout(db, stripe, {
    caller: input.caller,
    purpose: 'invoice',
    invoiceId: invoice.id,
    amountCents: due,
    currency: currencyOf(invoice.currency),
    usdCents: Math.round(due / invoice.exchangeRate),
    productName: `Invoice ${invoice.number}`,
    appUrl: input.appUrl,
  })
}

async function startPaymentCheckout(
  db: Database,
  stripe: Stripe,
  input: {
    caller: Caller
    purpose: 'credits' | 'invoice'
    invoiceId: string | null
    amountCents: number
    currency: string
    usdCents: number
    productName: string
    appUrl: string
  },
): Promise<{ url: string }> {
  const customer = await customerOf(db, stripe, input.caller.organizationId)
  const [payment] = await db
    .insert(payments)
    .values({
      organizationId: input.caller.organizationId,
      purpose: input.purpose,
      invoiceId: input.invoiceId,
      amountCents: input.amountCents,
      currency: input.currency,
      usdCents: input.usdCents,
      createdBy: input.caller.userId,
    })
    .returning()
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      customer,
      client_reference_id: payment!.id,
      allowed_payment_method_types: PAYMENT_METHOD_TYPES,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: input.productName },
          },
        },
      ],
      metadata: { paymentId: payment!.id, organizationId: input.caller.organizationId },
      success_url: `${absoluteHref(input.appUrl, 'paymentSuccess')}?payment=${payment!.id}`,
      cancel_url: absoluteHref(input.appUrl, 'billing'),
    },
    { idempotencyKey: `checkout-${payment!.id}` },
  )
  await db.update(payments).set({ checkoutSessionId: session.id }).where(eq(payments.id, payment!.id))
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL')
  return { url: session.url }
}

/** A Checkout session in setup mode: the customer saves a card or a SEPA mandate. */
export async function checkoutSetup(
  db: Database,
  stripe: Stripe,
  input: { caller: Caller; appUrl: string },
): Promise<{ url: string }> {
  const customer = await customerOf(db, stripe, input.caller.organizationId)
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'eur',
    allowed_payment_method_types: PAYMENT_METHOD_TYPES,
    metadata: { organizationId: input.caller.organizationId },
    success_url: `${absoluteHref(input.appUrl, 'billing')}?method=added`,
    cancel_url: absoluteHref(input.appUrl, 'billing'),
  })
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL')
  return { url: session.url }
}

export async function listPaymentMethods(
  db: Database,
  stripe: Stripe,
  organizationId: string,
): Promise<PaymentMethod[]> {
  const [organization] = await db
    .select({ customerId: organizations.stripeCustomerId })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!organization?.customerId) return []
  const customer = await stripe.customers.retrieve(organization.customerId)
  const defaultId =
    'deleted' in customer && customer.deleted
      ? null
      : (customer as Stripe.Customer).invoice_settings?.default_payment_method
  const methods = await stripe.customers.listPaymentMethods(organization.customerId, { limit: 100 })
  return methods.data
    .filter((method) => method.type === 'card' || method.type === 'sepa_debit')
    .map((method) => ({
      id: method.id,
      type: method.type as 'card' | 'sepa_debit',
      brand: method.card?.brand ?? method.sepa_debit?.bank_code ?? null,
      last4: method.card?.last4 ?? method.sepa_debit?.last4 ?? '',
      expMonth: method.card?.exp_month ?? null,
      expYear: method.card?.exp_year ?? null,
      isDefault: method.id === (typeof defaultId === 'string' ? defaultId : defaultId?.id),
    }))
}

/** The method, if it is one of the organization's; another's is not found. */
async function ownMethod(
  db: Database,
  stripe: Stripe,
  { organizationId, methodId }: { organizationId: string; methodId: string },
) {
  const [organization] = await db
    .select({ customerId: organizations.stripeCustomerId })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!organization?.customerId) throw notFound('Payment method not found')
  try {
    const method = await stripe.paymentMethods.retrieve(methodId)
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id
    if (owner !== organization.customerId) throw notFound('Payment method not found')
    return { customerId: organization.customerId, method }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound('Payment method not found')
    throw error
  }
}

export async function makeDefaultPaymentMethod(
  db: Database,
  stripe: Stripe,
  { organizationId, methodId }: { organizationId: string; methodId: string },
) {
  const { customerId } = await ownMethod(db, stripe, { organizationId, methodId })
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: methodId } })
}

export async function removePaymentMethod(
  db: Database,
  stripe: Stripe,
  { organizationId, methodId }: { organizationId: string; methodId: string },
) {
  await ownMethod(db, stripe, { organizationId, methodId })
  await stripe.paymentMethods.detach(methodId)
}

/** Verifies Stripe's signature; a bad one is the sender's mistake (400), and nothing is recorded. */
export function verifyWebhook(
  stripe: Stripe,
  settings: StripeSettings,
  payload: string,
  signature: string | undefined,
) {
  if (!signature) throw badRequest('The Stripe-Signature header is missing', 'BAD_SIGNATURE')
  try {
    return stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret)
  } catch {
    throw badRequest('The webhook signature does not match', 'BAD_SIGNATURE')
  }
}

/**
 * Records what an event says, once: the event's id is written in the same transaction, so a
 * redelivery finds it and changes nothing. Answers whether the event was new.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<boolean> {
  return inTransaction(db, async ({ tx }) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (fresh.length === 0) return false
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      const session = event.data.object
      if (session.mode === 'payment' && session.payment_status === 'paid') await recordPayment(tx, session)
    } else if (event.type === 'checkout.session.async_payment_failed') {
      const session = event.data.object
      await tx
        .update(payments)
        .set({ status: 'failed', completedAt: new Date() })
        .where(and(eq(payments.checkoutSessionId, session.id), eq(payments.status, 'pending')))
    }
    return true
  })
}

async function recordPayment(tx: Transaction, session: Stripe.Checkout.Session): Promise<void> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, session.id))
    .for('update')
  if (!payment || payment.status === 'succeeded') return
  const now = new Date()
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      completedAt: now,
      paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : null,
    })
    .where(eq(payments.id, payment.id))
  await recordAudit(
    tx,
    { system: true, organizationId: payment.organizationId },
    'payment.received',
    { type: 'payment', id: payment.id, label: session.id },
    { purpose: payment.purpose, amountCents: payment.amountCents, currency: payment.currency },
  )
  if (payment.purpose === 'credits') {
    await tx.insert(creditEntries).values({
      organizationId: payment.organizationId,
      kind: 'purchase',
      amountCents: payment.usdCents,
      paymentId: payment.id,
      ...CREDIT_NOTE_TEXTS.purchase,
      createdBy: payment.createdBy,
    })
  } else if (payment.purpose === 'invoice' && payment.invoiceId) {
    await tx
      .update(invoices)
      .set({
        amountPaidCents: sql`${invoices.amountPaidCents} + ${payment.amountCents}`,
        status: sql`case when ${invoices.amountPaidCents} + ${payment.amountCents} >= ${invoices.totalCents} then 'paid' else ${invoices.status} end`,
        paidAt: sql`case when ${invoices.amountPaidCents} + ${payment.amountCents} >= ${invoices.totalCents} then ${now} else ${invoices.paidAt} end`,
      })
      .where(eq(invoices.id, payment.invoiceId))
  }
}

/** What /payment-success shows: the payment as the server knows it from the webhook. */
export async function paymentStatus(
  db: Database,
  { organizationId, paymentId }: { organizationId: string; paymentId: string },
): Promise<PaymentStatus> {
  const [row] = await db
    .select({ payment: payments, invoiceNumber: invoices.number })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.id, paymentId), eq(payments.organizationId, organizationId)))
  if (!row) throw notFound('Payment not found')
  return {
    id: row.payment.id,
    status: row.payment.status,
    purpose: row.payment.purpose,
    amountCents: row.payment.amountCents,
    currency: currencyOf(row.payment.currency),
    invoiceNumber: row.invoiceNumber,
  }
}
