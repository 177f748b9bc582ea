import { type Language, parseLanguage } from '#common/language.ts'
import type { MailMessage } from '#server/lib/mailer.ts'
import { openSecret } from '#server/lib/secrets.ts'
import { nameOfTemplate, templateNamed } from './registry.ts'
import { composeMail, type MailTemplate, type Recipient } from './template.ts'

/**
 * A queued mail: the template's name, the recipient and the data, its secrets sealed
 * (`MailSecret`) and its dates marked, as JSON. Nothing in it is a live link.
 */
export type MailJob = { template: string; to: string; language: Language; data: unknown }

export function mailJob<Data>(template: MailTemplate<Data>, recipient: Recipient, data: Data): MailJob {
  return {
    template: nameOfTemplate(template),
    to: recipient.email,
    language: recipient.language,
    data: toJobValue(data),
  }
}

/**
 * The mail a job sends, rendered now: secrets opened with the key, the template found by name.
 * A job of an earlier version carries its rendered message, sent as it is.
 */
export function renderMailJob(job: MailJob | MailMessage, secretsKey: Buffer): MailMessage {
  if (!('template' in job)) return job
  const template = templateNamed(job.template)
  // Thrown, the job is retried: an instance of a newer version knows the template.
  if (!template) throw new Error(`Unknown mail template ${job.template}`)
  const language = parseLanguage(job.language) ?? 'en'
  return composeMail(template, { email: job.to, language }, fromJobValue(job.data, secretsKey) as never)
}

/** JSON keeps no dates: they travel marked, as `{ $date }`. */
function toJobValue(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() }
  if (Array.isArray(value)) return value.map(toJobValue)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJobValue(item)]))
  return value
}

function fromJobValue(value: unknown, secretsKey: Buffer): unknown {
  if (Array.isArray(value)) return value.map((item) => fromJobValue(item, secretsKey))
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value)
  const [only] = entries
  if (entries.length === 1 && typeof only?.[1] === 'string') {
    if (only[0] === '$date') return new Date(only[1])
    if (only[0] === '$sealed') return openSecret(secretsKey, only[1])
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, fromJobValue(item, secretsKey)]))
}
