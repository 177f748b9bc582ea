import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'

/** The inbound listener's settings: STARTTLS needs both PEM files, readable and matching. */

const SECRET = 'a-session-secret-of-at-least-32-characters'
const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../tests/fixtures/tls/${name}`, import.meta.url))
const CERT = fixture('inbound-smtp-test.crt')
const KEY = fixture('inbound-smtp-test.key')

function refusal(environment: Record<string, string>): string {
  try {
    loadConfig({ SESSION_SECRET: SECRET, ...environment })
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(environment)}`)
}

describe('the inbound mail settings', () => {
  it('leave STARTTLS off without a certificate, and read both files when given', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).inboundMail.tls).toBeUndefined()
    const tls = loadConfig({ SESSION_SECRET: SECRET, INBOUND_SMTP_TLS_CERT: CERT, INBOUND_SMTP_TLS_KEY: KEY })
      .inboundMail.tls
    expect(tls?.cert.toString()).toContain('BEGIN CERTIFICATE')
    expect(tls?.key.toString()).toContain('PRIVATE KEY')
  })

  it('stop start-up with one line naming the variable for half a pair, an unreadable file or a wrong key', () => {
    expect(refusal({ INBOUND_SMTP_TLS_CERT: CERT })).toBe(
      'Invalid environment variable INBOUND_SMTP_TLS_KEY: required with INBOUND_SMTP_TLS_CERT',
    )
    expect(refusal({ INBOUND_SMTP_TLS_KEY: KEY })).toBe(
      'Invalid environment variable INBOUND_SMTP_TLS_CERT: required with INBOUND_SMTP_TLS_KEY',
    )
    expect(refusal({ INBOUND_SMTP_TLS_CERT: '/nonexistent/cert.pem', INBOUND_SMTP_TLS_KEY: KEY })).toBe(
      'Invalid environment variable INBOUND_SMTP_TLS_CERT: cannot read /nonexistent/cert.pem (ENOENT)',
    )
    const wrongKey = refusal({ INBOUND_SMTP_TLS_CERT: CERT, INBOUND_SMTP_TLS_KEY: CERT })
    expect(wrongKey).toMatch(/^Invalid environment variable INBOUND_SMTP_TLS_KEY: not a PEM key matching/)
    expect(wrongKey).not.toContain('\n')
  })

  it('take the upload allowances in megabytes a day and requests an hour', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).supportUploads).toEqual({
      bytesPerDay: 200 * 1024 * 1024,
      requestsPerHour: 120,
    })
    expect(refusal({ SUPPORT_UPLOAD_MB_PER_DAY: '-1' })).toMatch(
      /^Invalid environment variable SUPPORT_UPLOAD_MB_PER_DAY/,
    )
  })
})
