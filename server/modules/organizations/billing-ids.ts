import { randomInt } from 'node:crypto'
import type { Language } from '#common/language.ts'
import type { Queryable } from '#server/db/client.ts'
import { organizations } from '#server/db/schema/index.ts'

// No 0/O, 1/I/L: a Billing ID read aloud or from an invoice is typed right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const RANDOM_LENGTH = 8
/** 31^8 ≈ 8.5e11 IDs: a collision is rare, a second one in a row rarer still. */
const ATTEMPTS = 5

/** `CD-` and eight characters, in the form the Billing ID schema accepts (and seeds use). */
export function newBillingId(): string {
  const characters = Array.from({ length: RANDOM_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `CD-${characters.join('')}`
}

/**
 * Creates the organization with a Billing ID of the server's making, unique: an ID taken meanwhile
 * is skipped by the unique index without aborting the caller's transaction, and another one drawn.
 */
export async function createOrganizationWithBillingId(
  tx: Queryable,
  organization: { name: string; language: Language },
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [created] = await tx
      .insert(organizations)
      // Its invoices and billing mails start in the language its first admin registered in.
      .values({ name: organization.name, language: organization.language, billingId: newBillingId() })
      .onConflictDoNothing({ target: organizations.billingId })
      .returning()
    if (created) return created
  }
  throw new Error(`No free Billing ID after ${ATTEMPTS} attempts`)
}
