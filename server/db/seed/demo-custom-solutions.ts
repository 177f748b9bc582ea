import { and, eq } from 'drizzle-orm'
import { FALLBACK_RATES } from '#common/money.ts'
import { quoteMonthlyTotalCents } from '#common/schemas/custom-solutions.ts'
import type { Transaction } from '#server/db/client.ts'
import { customSolutionQuotes, customSolutions, organizations, users } from '#server/db/schema/index.ts'

const DAY_MS = 24 * 3_600_000

/**
 * A custom solution the demo customer asked for, with the quote officers answered and that waits
 * for an answer, so /custom-solutions and the officers panel show the feature on `npm start`.
 */
export async function seedDemoCustomSolution(
  tx: Transaction,
  organizationId: string,
  now: Date,
): Promise<void> {
  const [requester] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.username, 'demo')))
  const [officer] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'officer'))
  const [organization] = await tx
    .select({ billingCurrency: organizations.billingCurrency })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  // Priced in the organization's billing currency, as officers quote.
  const currency = organization?.billingCurrency ?? 'EUR'
  const exchangeRate = FALLBACK_RATES[currency]
  const [request] = await tx
    .insert(customSolutions)
    .values({
      reference: `CS-${now.getUTCFullYear()}-000001`,
      organizationId,
      createdBy: requester?.id ?? null,
      title: 'Managed Airflow for our nightly data pipelines',
      workload: 'About 40 DAGs a night reading from PostgreSQL and object storage; results by 6 a.m.',
      components: 'Airflow with the Kubernetes executor, MinIO, the existing PostgreSQL',
      compliance: ['gdpr'],
      sla: 'business',
      budget: 1_500,
      currency: 'EUR',
      status: 'quoted',
      createdAt: new Date(now.getTime() - 3 * DAY_MS),
      updatedAt: new Date(now.getTime() - DAY_MS),
    })
    .returning()
  const lines = [
    {
      description: 'Managed Airflow (scheduler, webserver, Kubernetes executor)',
      quantity: 1,
      unitMonthlyCents: 89_000,
    },
    { description: 'Object storage, per TB', quantity: 2, unitMonthlyCents: 2_500 },
  ]
  const monthlyTotalCents = quoteMonthlyTotalCents(lines)
  await tx.insert(customSolutionQuotes).values({
    customSolutionId: request!.id,
    lines,
    monthlyTotalCents,
    currency,
    exchangeRate,
    monthlyTotalUsdCents: Math.round(monthlyTotalCents / exchangeRate),
    validUntil: new Date(now.getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
    note: 'Includes the migration of your existing DAGs and two training sessions.',
    createdBy: officer?.id ?? null,
    createdAt: new Date(now.getTime() - DAY_MS),
  })
}
