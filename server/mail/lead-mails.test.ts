import { describe, expect, it } from 'vitest'
import { GREETING_NAME_MAX, greetingName } from './lead-mails.ts'

describe('greetingName', () => {
  it('keeps a name that reads as one', () => {
    for (const name of [
      'Ada',
      'Ada Lovelace',
      "Jean-Luc O'Neil",
      'Zoë Ørsted',
      'Renée d’Arc',
      '  Ada  '.trim(),
    ]) {
      expect(greetingName(name), name).toBe(name)
    }
  })

  it('drops anything a stranger could make read as our words: links, addresses, digits, sentences', () => {
    for (const name of [
      'Support https://evil.example',
      'evil.example',
      'pay@evil.example',
      'Call 0800 123 456',
      'Your account is suspended, reply now',
      'A'.repeat(GREETING_NAME_MAX + 1),
      '',
    ]) {
      expect(greetingName(name), name).toBeUndefined()
    }
  })
})
