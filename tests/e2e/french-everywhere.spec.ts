import { LANGUAGE_COOKIE } from '../../common/language.ts'
import { E2E_BASE_URL } from '../../playwright.config.ts'
import { checkEveryRoute } from './support/every-route.ts'
import { expect } from './support/fixtures.ts'
import { catalogTextPairs, frenchChecker } from './support/french-text.ts'

/**
 * A French buyer reads French on every page: each route, opened in French by the person it is
 * for, shows no English string of the interface or the catalog, no raw enumeration value and no
 * number, amount, date or unit written the English way.
 */
const checker = frenchChecker(catalogTextPairs())

checkEveryRoute('every route reads in French', {
  context: {
    // In French from the first request: the language cookie for the server, local storage for the app.
    storageState: {
      cookies: [
        {
          name: LANGUAGE_COOKIE,
          value: 'fr',
          domain: new URL(E2E_BASE_URL).hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [{ origin: E2E_BASE_URL, localStorage: [{ name: 'language', value: 'fr' }] }],
    },
  },
  check: async (page) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    return (await checker)(page)
  },
})
