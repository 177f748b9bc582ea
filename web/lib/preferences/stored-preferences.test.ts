import { describe, expect, it } from 'vitest'
import {
  BILLING_CYCLES,
  CURRENCY_SWITCHER_ORDER,
  DEFAULT_BILLING_CYCLE,
  DEFAULT_CURRENCY,
  DEFAULT_THEME,
  STORAGE_KEYS,
  THEMES,
} from '#web/lib/constants.ts'
import { parseBillingCycle, parseCurrency, parseTheme, resolveTheme } from './stored-preferences.ts'

describe('stored preferences', () => {
  it('keeps the defaults and storage keys', () => {
    expect(DEFAULT_THEME).toBe('system')
    expect(DEFAULT_CURRENCY).toBe('EUR')
    expect(DEFAULT_BILLING_CYCLE).toBe('monthly')
    expect(THEMES).toEqual(['light', 'dark', 'system'])
    expect(BILLING_CYCLES).toEqual(['monthly', 'yearly'])
    expect(CURRENCY_SWITCHER_ORDER).toEqual(['USD', 'GBP', 'EUR'])
    expect(STORAGE_KEYS).toMatchObject({ theme: 'theme', currency: 'currency', billingCycle: 'billingCycle' })
  })

  it('reads a stored theme and defaults to system', () => {
    expect(parseTheme('light')).toBe('light')
    expect(parseTheme('dark')).toBe('dark')
    expect(parseTheme('system')).toBe('system')
    expect(parseTheme(null)).toBe('system')
    expect(parseTheme('Dark')).toBe('system')
    expect(parseTheme('')).toBe('system')
  })

  it('reads a stored currency and defaults to EUR', () => {
    expect(parseCurrency('USD')).toBe('USD')
    expect(parseCurrency('GBP')).toBe('GBP')
    expect(parseCurrency('EUR')).toBe('EUR')
    expect(parseCurrency(undefined)).toBe('EUR')
    expect(parseCurrency('usd')).toBe('EUR')
    expect(parseCurrency('JPY')).toBe('EUR')
  })

  it('reads a stored billing cycle and defaults to monthly', () => {
    expect(parseBillingCycle('yearly')).toBe('yearly')
    expect(parseBillingCycle('monthly')).toBe('monthly')
    expect(parseBillingCycle(null)).toBe('monthly')
    expect(parseBillingCycle('weekly')).toBe('monthly')
  })

  it('resolves the system theme from the colour scheme', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})
