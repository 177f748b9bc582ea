import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { passwordResetMail, registrationPendingMail } from './auth-mails.ts'
import { leadConfirmationMail } from './lead-mails.ts'
import { mailJob, renderMailJob } from './mail-job.ts'
import { MAIL_MODULES, nameOfTemplate, templateNamed, templateNames } from './registry.ts'
import { composeMail, mailSecret, mailTemplate } from './template.ts'

const key = randomBytes(32)
const recipient = { email: 'ada@example.com', language: 'fr' as const }

describe('the registry of mail templates', () => {
  it('holds every mail module of server/mail', () => {
    const files = readdirSync(path.dirname(new URL(import.meta.url).pathname)).filter((file) =>
      file.endsWith('-mails.ts'),
    )
    expect(Object.keys(MAIL_MODULES).sort()).toEqual(files.sort())
  })

  it('finds each template by its name, and refuses a template it does not hold', () => {
    expect(templateNames()).toContain('passwordResetMail')
    expect(templateNames()).toContain('ticketReplyMail')
    for (const name of templateNames()) expect(nameOfTemplate(templateNamed(name)!)).toBe(name)
    const stray = mailTemplate<Record<string, never>>({
      en: () => ({ subject: 'x', paragraphs: [] }),
      fr: () => ({ subject: 'x', paragraphs: [] }),
    })
    expect(() => nameOfTemplate(stray)).toThrow('not exported')
  })
})

describe('a queued mail', () => {
  it('keeps a one-time link sealed, and the worker renders the mail the template writes', () => {
    const url = `http://localhost:3000/reset-password?token=${randomBytes(32).toString('base64url')}`
    const job = mailJob(passwordResetMail, recipient, { name: 'Ada', url: mailSecret(key, url) })
    expect(job).toMatchObject({ template: 'passwordResetMail', to: 'ada@example.com', language: 'fr' })
    expect(JSON.stringify(job)).not.toContain(new URL(url).searchParams.get('token'))

    const stored = JSON.parse(JSON.stringify(job))
    expect(renderMailJob(stored, key)).toEqual(
      composeMail(passwordResetMail, recipient, { name: 'Ada', url }),
    )
    // Another key cannot open it: the job fails rather than sending a broken link.
    expect(() => renderMailJob(stored, randomBytes(32))).toThrow()
  })

  it('keeps the data of a mail without secrets as it is, dates included', () => {
    const data = { name: 'Ada', applicant: 'Bob (bob@example.com)', url: 'http://localhost:3000/x' }
    const job = JSON.parse(JSON.stringify(mailJob(registrationPendingMail, recipient, data)))
    expect(job.data).toEqual(data)
    expect(renderMailJob(job, key)).toEqual(composeMail(registrationPendingMail, recipient, data))

    const lead = {
      id: 'lead-1',
      kind: 'schedule_demo' as const,
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      message: null,
      language: 'fr' as const,
      details: {},
      demoSlotStart: new Date('2026-12-01T09:30:00Z'),
      createdAt: new Date('2026-11-20T10:00:00Z'),
    }
    const leadJob = JSON.parse(JSON.stringify(mailJob(leadConfirmationMail, recipient, lead)))
    expect(renderMailJob(leadJob, key)).toEqual(composeMail(leadConfirmationMail, recipient, lead))
  })

  it('fails for a template this version does not know (a newer instance retries it), sends an older rendered job as it is', () => {
    expect(() =>
      renderMailJob({ template: 'noSuchMail', to: 'ada@example.com', language: 'en', data: {} }, key),
    ).toThrow('Unknown mail template noSuchMail')
    const rendered = { to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }
    expect(renderMailJob(rendered, key)).toBe(rendered)
  })
})
