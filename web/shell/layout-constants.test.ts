import { describe, expect, it } from 'vitest'
import {
  CLUSTER_TIERS_STALE_MS,
  COPIED_LABEL_MS,
  COPY_TOAST_MS,
  COPYRIGHT_YEAR,
  DEFAULT_VERSION_TEXT,
  OFFICERS_ACCESS_STALE_MS,
  PROMO_CODE,
  PROMO_DISCOUNT_PERCENT,
  PROMO_DISMISSED_SESSION_KEY,
  RESTORE_TOAST_MS,
} from '#web/lib/constants.ts'
import { en } from '#web/locales/en.ts'

describe('header, footer and promo bar constants', () => {
  it('keeps the promo bar numbers', () => {
    expect(PROMO_CODE).toBe('PARIS')
    expect(PROMO_DISCOUNT_PERCENT).toBe(5)
    expect(COPIED_LABEL_MS).toBe(2000)
    expect(COPY_TOAST_MS).toBe(3000)
    expect(RESTORE_TOAST_MS).toBe(2500)
    expect(PROMO_DISMISSED_SESSION_KEY).toBe('promoBarDismissed')
  })

  it('keeps the cache times of the header and footer calls', () => {
    expect(OFFICERS_ACCESS_STALE_MS).toBe(5 * 60 * 1000)
    expect(CLUSTER_TIERS_STALE_MS).toBe(30 * 60 * 1000)
  })

  it('keeps the footer texts', () => {
    expect(DEFAULT_VERSION_TEXT).toBe('v1.15.0 (loading...)')
    expect(COPYRIGHT_YEAR).toBe(2025)
    expect(en.footer.environment).toEqual({ development: 'DEV', production: 'PROD' })
  })

  it('keeps the exact English labels', () => {
    expect(en.header.signIn).toBe('Sign In')
    expect(en.header.login).toBe('Login')
    expect(en.header.avatar.organization).toBe('Organization')
    expect(en.header.avatar.billingId).toBe('Billing ID')
    expect(en.header.avatar.notAvailable).toBe('N/A')
    expect(en.header.nav).toMatchObject({
      home: 'Home',
      pricing: 'Pricing',
      documentation: 'Documentation',
      tutorials: 'Tutorials',
      support: 'Support',
      dashboard: 'Dashboard',
      officersPanel: 'Officers Panel',
      settings: 'Settings',
    })
    expect(en.header.session.logout).toBe('Logout')
    expect(en.header.session.loggingOut).toBe('Logging out...')
    expect(en.promo.headline.replace('{{percent}}', '5')).toBe('New Users: Get 5% Off with Code')
    expect(en.promo.copied).toBe('Copied!')
    expect(en.promo.firstPurchase).toBe('Valid for first purchase only')
    expect(en.promo.limitedTime).toBe('Limited time offer')
    expect(en.promo.restoredTitle).toBe('Discount Bar Restored!')
    expect(en.footer.clusterTypes).toBe('Cluster Types')
    expect(en.footer.resources).toBe('Resources')
    expect(en.footer.company).toBe('Company')
  })
})
