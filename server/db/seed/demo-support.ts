import { and, eq } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { supportMessages, supportTickets, users } from '#server/db/schema/index.ts'
import { addCoveredMinutes } from '#server/modules/support/index.ts'

const HOUR_MS = 3_600_000

/**
 * Tickets that show the support desk on `npm start`: the demo customer's answered ticket about
 * its production cluster (with an officers' note), a new one whose clock runs, a resolved and
 * rated billing question, and a visitor's ticket from the public site. The demo organization is
 * on the Developer plan (business hours).
 */
export async function seedDemoSupport(
  tx: Transaction,
  options: {
    organizationId: string
    organizationName: string
    cluster: { id: string; name: string }
    now: Date
  },
): Promise<void> {
  const { organizationId, now } = options
  const [customer] = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.username, 'demo')))
  const [officer] = await tx.select().from(users).where(eq(users.username, 'officer'))
  if (!customer || !officer) return
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS)
  const member = {
    organizationId,
    createdBy: customer.id,
    requesterName: customer.name,
    requesterEmail: customer.email,
    requesterLanguage: customer.language,
    company: options.organizationName,
    planId: 'developer',
  }
  const ticket = async (
    values: Omit<typeof supportTickets.$inferInsert, 'number'>,
    key: string,
    messages: Omit<typeof supportMessages.$inferInsert, 'ticketId'>[],
  ) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ ...values, number: `TCK-${now.getUTCFullYear()}-000${key}` })
      .returning()
    for (const message of messages) await tx.insert(supportMessages).values({ ...message, ticketId: row!.id })
  }
  const customerSays = (body: string, createdAt: Date) => ({
    authorKind: 'customer' as const,
    authorUserId: customer.id,
    authorName: customer.name,
    authorEmail: customer.email,
    body,
    createdAt,
  })
  const officerSays = (body: string, createdAt: Date, internal = false) => ({
    authorKind: 'officer' as const,
    authorUserId: officer.id,
    authorName: officer.name,
    authorEmail: officer.email,
    body,
    internal,
    createdAt,
  })

  await ticket(
    {
      ...member,
      category: 'technical',
      priority: 'P2',
      subject: 'Ingress returns 502 for the shop after scaling',
      status: 'waiting_on_customer',
      resource: { kind: 'cluster', id: options.cluster.id, label: options.cluster.name },
      assigneeId: officer.id,
      firstResponseMinutes: 480,
      nextResponseMinutes: 720,
      firstResponseDueAt: addCoveredMinutes(ago(30), 480, 'business_hours'),
      firstRespondedAt: ago(28),
      pausedAt: ago(28),
      createdAt: ago(30),
      updatedAt: ago(28),
    },
    '001',
    [
      customerSays(
        'Since we scaled the `web` pool to 5 nodes, about one request in ten gets a **502** from the ingress.\n\n- started around 09:40\n- only on `shop.example.com`',
        ago(30),
      ),
      officerSays('Two new nodes joined without the ingress label; relabelling them.', ago(29), true),
      officerSays(
        'We found two new nodes without the ingress label and fixed them. Could you check that the 502s are gone?',
        ago(28),
      ),
    ],
  )
  await ticket(
    {
      ...member,
      category: 'technical',
      priority: 'P3',
      subject: 'How do we rotate the kubeconfig of a former colleague?',
      status: 'new',
      firstResponseMinutes: 720,
      nextResponseMinutes: 1440,
      firstResponseDueAt: addCoveredMinutes(ago(2), 720, 'business_hours'),
      createdAt: ago(2),
      updatedAt: ago(2),
    },
    '002',
    [
      customerSays(
        'A colleague left the team last week. How do we make sure their kubeconfig no longer works?',
        ago(2),
      ),
    ],
  )
  await ticket(
    {
      ...member,
      category: 'billing',
      priority: 'P4',
      subject: 'VAT number missing on last month’s invoice',
      status: 'resolved',
      firstResponseMinutes: 1440,
      nextResponseMinutes: 2160,
      firstResponseDueAt: addCoveredMinutes(ago(120), 1440, 'business_hours'),
      firstRespondedAt: ago(118),
      resolvedAt: ago(100),
      ratingScore: 5,
      ratingComment: 'Quick and clear, thank you.',
      createdAt: ago(120),
      updatedAt: ago(100),
    },
    '003',
    [
      customerSays(
        'Our VAT number does not appear on the invoice of last month. Could you add it?',
        ago(120),
      ),
      officerSays('We added it to your billing details: every invoice from now on carries it.', ago(118)),
    ],
  )
  await ticket(
    {
      organizationId: null,
      createdBy: null,
      requesterName: 'Camille Martin',
      requesterEmail: 'camille.martin@example.com',
      requesterLanguage: 'fr',
      company: 'Exemple SAS',
      category: 'sales',
      priority: 'P4',
      subject: 'Clusters GPU à Francfort ?',
      planId: 'basic',
      firstResponseMinutes: 2880,
      nextResponseMinutes: 2880,
      firstResponseDueAt: addCoveredMinutes(ago(5), 2880, 'business_hours'),
      createdAt: ago(5),
      updatedAt: ago(5),
    },
    '004',
    [
      {
        authorKind: 'visitor',
        authorName: 'Camille Martin',
        authorEmail: 'camille.martin@example.com',
        body: 'Bonjour, proposez-vous des nœuds H100 à Francfort pour un projet d’entraînement de trois mois ?',
        createdAt: ago(5),
      },
    ],
  )
}
