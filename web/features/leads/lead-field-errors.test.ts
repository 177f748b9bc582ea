import { describe, expect, it } from 'vitest'
import { contactSalesRequestSchema, demoBookingRequestSchema } from '#common/schemas/leads.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { createI18n } from '#web/lib/i18n.ts'
import { leadFormError, leadServerFieldErrors, validateLeadForm } from './lead-field-errors.ts'

const en = createI18n('en').t
const fr = createI18n('fr').t

const BAD_CONTACT_SALES = {
  name: ' ',
  email: 'ada@',
  company: 'Line\nbreak',
  phone: 'call me',
  companySize: '',
  message: 'short',
  language: 'en',
}

describe('validateLeadForm', () => {
  it('gives the parsed request when the form is valid', () => {
    const result = validateLeadForm(
      contactSalesRequestSchema,
      {
        name: ' Ada ',
        email: 'Ada@Example.EU',
        company: 'Analytical Engines',
        phone: '',
        companySize: '11-50',
        message: 'We would like to talk about 3 clusters.',
        language: 'fr',
      },
      en,
    )
    expect(result).toEqual({
      success: true,
      data: {
        name: 'Ada',
        email: 'ada@example.eu',
        company: 'Analytical Engines',
        phone: '',
        companySize: '11-50',
        message: 'We would like to talk about 3 clusters.',
        language: 'fr',
      },
    })
  })

  it('words the first problem of each field in English', () => {
    expect(validateLeadForm(contactSalesRequestSchema, BAD_CONTACT_SALES, en)).toEqual({
      success: false,
      errors: {
        name: 'Please fill in this field.',
        email: 'Enter a valid email address, such as name@company.com.',
        company: 'Remove line breaks and special characters.',
        phone: 'Use digits, spaces and + ( ) . - only.',
        companySize: 'Please choose one of the options.',
        message: 'Please write at least 10 characters.',
      },
    })
  })

  it('words them in French for a French page', () => {
    expect(validateLeadForm(contactSalesRequestSchema, BAD_CONTACT_SALES, fr)).toEqual({
      success: false,
      errors: {
        name: 'Veuillez remplir ce champ.',
        email: 'Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.',
        company: 'Retirez les retours à la ligne et les caractères spéciaux.',
        phone: 'Utilisez uniquement des chiffres, des espaces et + ( ) . -',
        companySize: 'Veuillez choisir une des options.',
        message: 'Veuillez écrire au moins 10 caractères.',
      },
    })
  })

  it('asks for a demo slot when none is chosen, and says when a text is too long', () => {
    const result = validateLeadForm(
      demoBookingRequestSchema,
      {
        name: 'Ada',
        email: 'ada@example.eu',
        company: 'x'.repeat(121),
        slotStart: '',
        message: '',
        language: 'en',
      },
      en,
    )
    expect(result).toEqual({
      success: false,
      errors: {
        company: 'Please keep it under 120 characters.',
        slotStart: 'Choose a day and a time for the demo.',
      },
    })
  })
})

describe('leadServerFieldErrors', () => {
  const fields = ['name', 'email', 'slotStart']

  it('puts the issues of a 400 beside their fields, in the API’s words', () => {
    const error = new ApiError(400, 'Invalid body.email: Enter a valid email address', {
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.unknown', message: 'Not a field of the form' },
      ],
    })
    expect(leadServerFieldErrors(error, fields, en)).toEqual({ email: 'Enter a valid email address' })
  })

  it('puts a taken demo slot beside the slot picker, translated', () => {
    const taken = new ApiError(409, 'This demo slot has just been booked', { code: 'SLOT_TAKEN' })
    expect(leadServerFieldErrors(taken, fields, fr)).toEqual({
      slotStart: 'Quelqu’un vient de réserver ce créneau. Veuillez en choisir un autre.',
    })
    expect(leadServerFieldErrors(taken, ['name'], en)).toEqual({})
  })

  it('finds no field in other failures', () => {
    expect(leadServerFieldErrors(new ApiError(500, 'Internal server error', {}), fields, en)).toEqual({})
    expect(leadServerFieldErrors(new TypeError('Failed to fetch'), fields, en)).toEqual({})
  })
})

describe('leadFormError', () => {
  it('explains a rate limit, and anything else as a request to try again', () => {
    const limited = new ApiError(429, 'Too many attempts', { code: 'RATE_LIMITED' })
    expect(leadFormError(limited, en)).toBe(
      'You have sent this form several times in a short while. Please try again in a few minutes.',
    )
    expect(leadFormError(new TypeError('Failed to fetch'), fr)).toBe(
      'Votre demande n’a pas pu être envoyée. Veuillez réessayer dans un instant.',
    )
  })
})
