import { describe, expect, it } from 'vitest'
import { stripQuotedHistory } from './inbound-mail.ts'

describe('the new part of a reply by mail', () => {
  it('stops at the quoted history of common mail clients, in English and French', () => {
    expect(
      stripQuotedHistory('Works now.\r\n\r\nOn Thu, 26 Nov 2026 at 10:00, Clusterdeck wrote:\r\n> Hello'),
    ).toBe('Works now.')
    expect(
      stripQuotedHistory('Merci !\n\nLe jeu. 26 nov. 2026 à 10:00, Clusterdeck a écrit :\n> Bonjour'),
    ).toBe('Merci !')
    expect(stripQuotedHistory('Done.\n\n-----Original Message-----\nFrom: support')).toBe('Done.')
    expect(stripQuotedHistory('Done.\n________________________________\nFrom: support')).toBe('Done.')
  })

  it('drops quoted lines inside the text and keeps the rest as written', () => {
    expect(stripQuotedHistory('> you asked\nYes, both clusters.\n\n  - web\n  - api')).toBe(
      'Yes, both clusters.\n\n  - web\n  - api',
    )
  })
})
