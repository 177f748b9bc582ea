import { test } from './fixtures.ts'

/**
 * The public chrome (header, menus, promo bar, footer, toasts) exists twice: React on the app's
 * public pages, and the static pages' islands (docs/decisions/015). One suite runs against both, so
 * the two cannot drift: each chrome test runs on a static page and on an app page.
 */
export const CHROMES = [
  { name: 'static page', path: '/' },
  { name: 'app page', path: '/contact' },
] as const

export type Chrome = (typeof CHROMES)[number]

/** A describe block run once per implementation of the chrome. */
export function describeChrome(title: string, body: (chrome: Chrome) => void): void {
  for (const chrome of CHROMES) test.describe(`${title} (${chrome.name})`, () => body(chrome))
}
