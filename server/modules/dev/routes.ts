import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { api } from '#common/contract/index.ts'
import { DEMO_ACCOUNTS } from '#common/demo-accounts.ts'
import type { ServerContext } from '#server/context.ts'
import { notFound } from '#server/lib/errors.ts'
import { escapeHtml } from '#server/lib/html.ts'
import { sessionMeta } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import { devLogin } from '#server/modules/auth/index.ts'
import devBillingRoutes from './billing-routes.ts'
import { latestMails, MAILBOX_SIZE, type OutboxMail } from './mailbox.ts'

const endpoints = api.development

/** The accounts the development sign-in opens: the seeded demo accounts, no one else's. */
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username))

/**
 * Development helpers, registered only outside production on a server listening on loopback
 * (config.devRoutes).
 */
export default async function devRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(devBillingRoutes, ctx)

  serve(app, endpoints.signIn, async (request, reply) => {
    if (!DEMO_USERNAMES.has(request.body.username)) throw notFound('No such demo user')
    const result = await devLogin(ctx, request.body.username, sessionMeta(request))
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.user
  })

  serve(app, endpoints.mailbox, async () => latestMails(ctx.db, ctx.config.secretsKey))

  // Not served from the contract: a development page outside /api/, the browser's view of the
  // mailbox above, hidden from the document like the other development helpers.
  app.withTypeProvider<ZodTypeProvider>().get('/dev/mailbox', {
    schema: { hide: true, response: { 200: z.string() } },
    handler: async (_request, reply) => {
      const mails = await latestMails(ctx.db, ctx.config.secretsKey)
      reply.type('text/html; charset=utf-8')
      return renderMailbox(mails)
    },
  })
}

function renderMailbox(mails: OutboxMail[]): string {
  const linkify = (value: string) => escapeHtml(value).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
  const items = mails
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}</p><pre>${linkify(mail.text)}</pre></article>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox · Clusterdeck development</title>
<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#475569;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit}@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}article{border-color:#334155}.meta{color:#94a3b8}a{color:#93c5fd}}</style></head>
<body><h1>Development mailbox</h1><p>Mail the server would have sent (no SMTP_URL is set). Newest first, at most ${MAILBOX_SIZE}.</p>${items || '<p>No mail yet.</p>'}</body></html>`
}
