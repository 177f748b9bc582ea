import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import { supportTickets, users } from '#server/db/schema/index.ts'

/**
 * A person's support tickets, for their export and their erasure: those they opened, and those
 * opened with their address (by mail, signed out) only if they proved that address is theirs.
 * Anyone may register with someone else's address; that account must neither read nor erase the
 * real owner's tickets. Checked in the statement, as erasure asks after the account is retired.
 */
export function ticketsOfPerson(userId: string, email: string): SQL {
  const emailVerified = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.emailVerified})`
  return or(
    eq(supportTickets.createdBy, userId),
    and(eq(supportTickets.requesterEmail, email), emailVerified),
  ) as SQL
}
