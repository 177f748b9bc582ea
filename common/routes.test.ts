import { describe, expect, it } from 'vitest'
import { absoluteHref, href, isWithin, ROUTES, routeMatches, routeParams } from './routes.ts'

describe('href', () => {
  it('spells each page once, with its parameters encoded', () => {
    expect(href('signIn')).toBe('/auth')
    expect(href('clusterDetail', { id: 'a b/c' })).toBe('/clusters/a%20b%2Fc')
    expect(href('clusterStatus', { id: '42' })).toBe('/clusters/42/status')
    expect(href('tutorial', { slug: 'first-cluster' })).toBe('/tutorials/first-cluster')
  })

  it('adds the query, leaving out undefined values', () => {
    expect(href('resetPassword', { token: 'x+y' })).toBe('/reset-password?token=x%2By')
    expect(href('configureCluster', { from: 'c1', type: undefined })).toBe('/configure-cluster?from=c1')
    expect(href('orderStatus', { id: 'o1' }, { tab: 'events' })).toBe('/order-status/o1?tab=events')
  })

  it('refuses a missing parameter', () => {
    expect(() => href('clusterDetail', { id: '' })).toThrow(/needs its id/)
  })

  it('builds absolute links under the app address', () => {
    expect(absoluteHref('https://portal.example.eu', 'verifyEmail', { token: 'abc' })).toBe(
      'https://portal.example.eu/verify-email?token=abc',
    )
  })
})

describe('the route table', () => {
  it('has no path twice', () => {
    const paths = Object.values(ROUTES)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('matches patterns and sections', () => {
    expect(routeMatches(ROUTES.clusterDetail, '/clusters/abc')).toBe(true)
    expect(routeMatches(ROUTES.clusterDetail, '/clusters/abc/')).toBe(true)
    expect(routeMatches(ROUTES.clusterDetail, '/clusters/abc/status')).toBe(false)
    expect(routeMatches(ROUTES.home, '/')).toBe(true)
    expect(isWithin('/billing', 'billing')).toBe(true)
    expect(isWithin('/billing/invoices', 'billing')).toBe(true)
    expect(isWithin('/billings', 'billing')).toBe(false)
  })
})

describe('routeParams', () => {
  it('gives the decoded parameters of a matching path', () => {
    expect(routeParams(ROUTES.clusterDetail, '/clusters/abc%20d/')).toEqual({ id: 'abc d' })
    expect(routeParams(ROUTES.usage, '/usage')).toEqual({})
  })

  it('gives nothing for another page or a parameter that is not validly encoded', () => {
    expect(routeParams(ROUTES.clusterDetail, '/clusters/abc/events')).toBeUndefined()
    expect(routeParams(ROUTES.clusterDetail, '/clusters/%E0%A4%A')).toBeUndefined()
  })
})
