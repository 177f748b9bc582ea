import { describe, expect, it } from 'vitest'
import {
  EXPORT_MENTION,
  isValidVatNumber,
  normalizeVatNumber,
  REVERSE_CHARGE_MENTION,
  vatCents,
  vatRuleFor,
} from './vat.ts'

describe('VAT numbers', () => {
  it('accepts the format of each country and refuses another country’s', () => {
    expect(isValidVatNumber('FR', 'FR40303265045')).toBe(true)
    expect(isValidVatNumber('FR', 'fr 40 303 265 045')).toBe(true)
    expect(isValidVatNumber('DE', 'DE123456789')).toBe(true)
    expect(isValidVatNumber('GR', 'EL123456789')).toBe(true)
    expect(isValidVatNumber('NL', 'NL123456789B01')).toBe(true)
    expect(isValidVatNumber('DE', 'FR40303265045')).toBe(false)
    expect(isValidVatNumber('DE', 'DE12345678')).toBe(false)
    expect(isValidVatNumber('US', 'US123456789')).toBe(false)
    expect(normalizeVatNumber('be 0123.456.789')).toBe('BE0123456789')
  })
})

describe('VAT rules of a seller in France', () => {
  it('charges French customers 20%, with or without a VAT number', () => {
    expect(vatRuleFor({ countryCode: 'FR', vatNumber: 'FR40303265045' })).toEqual({
      treatment: 'domestic',
      basisPoints: 2_000,
      mention: null,
    })
    expect(vatRuleFor({ countryCode: 'FR', vatNumber: null }).basisPoints).toBe(2_000)
  })

  it('reverse-charges an EU business with a valid number, and taxes one without', () => {
    expect(vatRuleFor({ countryCode: 'IT', vatNumber: 'IT12345678901' })).toEqual({
      treatment: 'reverse_charge',
      basisPoints: 0,
      mention: REVERSE_CHARGE_MENTION,
    })
    expect(vatRuleFor({ countryCode: 'IT', vatNumber: null }).treatment).toBe('domestic')
  })

  it('exports outside the EU without VAT', () => {
    expect(vatRuleFor({ countryCode: 'CH', vatNumber: null })).toEqual({
      treatment: 'export',
      basisPoints: 0,
      mention: EXPORT_MENTION,
    })
  })

  it('rounds VAT half up to the cent', () => {
    expect(vatCents(1_234, 2_000)).toBe(247)
    expect(vatCents(2_5, 2_000)).toBe(5)
  })
})
