import { eq } from 'drizzle-orm'
import type { Language } from '#common/language.ts'
import type { Queryable } from '#server/db/client.ts'
import { organizations } from '#server/db/schema/index.ts'
import { notFound } from '#server/lib/errors.ts'

/** The organization billing reads: its details, currency and language as they are now. */
export async function organizationOf(db: Queryable, organizationId: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!organization) throw notFound('Organization not found')
  return organization
}

/** The language of the organization's invoices, credit notes and billing mails. */
export async function documentLanguageOf(db: Queryable, organizationId: string): Promise<Language> {
  return (await organizationOf(db, organizationId)).language
}
