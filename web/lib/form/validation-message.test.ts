import { describe, expect, it } from 'vitest'
import {
  VALIDATION_MESSAGES,
  type ValidationMessageId,
  validationMessage,
} from '#common/validation-messages.ts'
import { createI18n } from '#web/lib/i18n.ts'
import { validation as french } from '#web/locales/fr/validation.ts'
import { fr } from '#web/locales/fr.ts'

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe('the French validation messages', () => {
  it('translate every message of the catalog with the same values', () => {
    for (const id of Object.keys(VALIDATION_MESSAGES) as ValidationMessageId[]) {
      expect(french[id], id).toBeTruthy()
      expect(placeholders(french[id]), id).toEqual(placeholders(VALIDATION_MESSAGES[id]))
    }
  })

  it('are what a catalog message reads in French, values filled in', () => {
    const i18n = createI18n('fr', { fr })
    const text = validationMessage('passwordTooShort', { minimum: 12 })
    expect(i18n.t('validation.passwordTooShort', { minimum: 12 })).toBe(
      'Le mot de passe doit contenir au moins 12 caractères',
    )
    expect(text).toBe('Password must be at least 12 characters')
  })
})
