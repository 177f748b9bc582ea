import { parseLanguage } from '#common/language.ts'
import type { User } from '#common/schemas/auth.ts'
import { takeCarriedToast } from '#web/lib/carried-toast.ts'
import type { LoadedRates } from '#web/lib/preferences/load-rates.ts'
import { loadRates } from '#web/lib/preferences/load-rates.ts'
import { attachDocsSearch } from './docs-search.ts'
import { safeStorage } from './dom.ts'
import { attachFooter } from './footer.ts'
import { attachCurrencySwitcher, attachLanguageSwitcher, attachThemeToggle } from './header-controls.ts'
import type { IslandData } from './island-data.ts'
import { attachMobileMenu } from './mobile-menu.ts'
import { attachPrices } from './pricing.ts'
import { attachPromoBar, revealPromoBar, withdrawPromoBar } from './promo-bar.ts'
import { followRememberedLanguage } from './remembered-language.ts'
import { retargetSignedInLinks, signedInUser } from './session.ts'
import { createToaster } from './toasts.ts'

/**
 * The only script of a static page: it brings the interactive parts of the built HTML to life
 * (header controls, promo bar, floating menu, footer, prices, documentation search). A signed-in
 * person also gets the app's own header, loaded on demand.
 */
const data = JSON.parse(document.getElementById('site-data')?.textContent ?? '{}') as IslandData
const language = parseLanguage(data.language) ?? 'en'
const { strings, api } = data
followRememberedLanguage(language)

let rates: LoadedRates | undefined
const ratesLoaded = loadRates({
  fetchRates: async (signal) => {
    const response = await fetch(api.rates, { signal, headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`rates: HTTP ${response.status}`)
    return response.json()
  },
  storage: safeStorage('localStorage'),
  now: Date.now,
}).then((loaded) => {
  rates = loaded
  return loaded
})

const showToast = createToaster(strings.toastClose)
const carried = takeCarriedToast()
if (carried) showToast(carried)
attachThemeToggle(strings)
attachCurrencySwitcher(strings, language, () => rates)
attachLanguageSwitcher(strings, language, api)
attachPromoBar(strings, showToast)
attachPrices(
  strings,
  language,
  ratesLoaded.then((loaded) => loaded.rates),
)
attachDocsSearch(strings)
void attachFooter(strings, api)

const detachMobileMenu = attachMobileMenu(strings, language, api)
void signedInUser(api).then(async (user) => {
  // The offer is a first purchase's: an organization that has bought is not offered it.
  if (user && (user as User).promotionAvailable === false) withdrawPromoBar()
  else revealPromoBar()
  if (!user) return
  retargetSignedInLinks()
  detachMobileMenu()
  const { mountSignedInChrome } = await import('./signed-in-chrome.tsx')
  await mountSignedInChrome(user as User, language)
})
