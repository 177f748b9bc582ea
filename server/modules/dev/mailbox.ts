import { desc } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/index.ts'
import { isSealed, openSecret } from '#server/lib/secrets.ts'

/** How many mails the development mailbox shows. */
export const MAILBOX_SIZE = 50

export type OutboxMail = { id: string; to: string; subject: string; text: string; sentAt: string }

/** The newest mails of the outbox (mail kept when no SMTP server is configured), opened. */
export async function latestMails(db: Database, secretsKey: Buffer): Promise<OutboxMail[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(MAILBOX_SIZE)
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: openOutboxText(secretsKey, row.text),
    sentAt: row.createdAt.toISOString(),
  }))
}

/** The outbox seals what it keeps; a mail kept before it did is plain text. */
export function openOutboxText(secretsKey: Buffer, stored: string): string {
  return isSealed(stored) ? openSecret(secretsKey, stored) : stored
}
