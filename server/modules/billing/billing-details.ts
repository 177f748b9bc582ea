import { eq } from 'drizzle-orm'
import type { BillingDetails, BillingDetailsResponse } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { organizationOf } from './billing-organization.ts'

/** The organization's billing details: what its invoices are addressed to, in which currency and language. */

export async function billingDetailsOf(
  db: Database,
  organizationId: string,
): Promise<BillingDetailsResponse> {
  const organization = await organizationOf(db, organizationId)
  return {
    companyName: organization.name,
    address: organization.billingAddress,
    countryCode: organization.countryCode,
    vatNumber: organization.vatNumber,
    purchaseOrderNumber: organization.purchaseOrderNumber,
    billingEmail: organization.billingEmail,
    billingCurrency: organization.billingCurrency as BillingDetails['billingCurrency'],
    language: organization.language,
  }
}

/** New details apply to the invoices issued from now on; issued ones keep what they say. */
export async function updateBillingDetails(
  db: Database,
  caller: Caller,
  details: BillingDetails,
): Promise<BillingDetailsResponse> {
  const { organizationId } = caller
  await inTransaction(db, async ({ tx }) => {
    await tx
      .update(organizations)
      .set({
        name: details.companyName,
        billingAddress: details.address,
        countryCode: details.countryCode,
        vatNumber: details.vatNumber,
        purchaseOrderNumber: details.purchaseOrderNumber,
        billingEmail: details.billingEmail,
        billingCurrency: details.billingCurrency,
        // Left out, the language stays as it was.
        ...(details.language ? { language: details.language } : {}),
      })
      .where(eq(organizations.id, organizationId))
    await recordAudit(
      tx,
      caller,
      'organization.updated',
      {
        type: 'organization',
        id: organizationId,
        label: details.companyName,
      },
      { billingDetails: details },
    )
  })
  return billingDetailsOf(db, organizationId)
}
