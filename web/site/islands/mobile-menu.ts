import { LANGUAGES, type Language } from '#common/language.ts'
import { CURRENCY_SYMBOLS, type Currency } from '#common/money.ts'
import { href } from '#common/routes.ts'
import { CURRENCY_SWITCHER_ORDER, THEMES } from '#web/lib/constants.ts'
import { currentDeviceIsMobile } from '#web/lib/device.ts'
import type { Theme } from '#web/lib/preferences/stored-preferences.ts'
import { element, icon } from './dom.ts'
import { switchLanguage } from './header-controls.ts'
import type { IslandApi } from './island-data.ts'
import type { IslandStrings } from './island-strings.ts'
import { currentCurrency, currentTheme, onPreferencesChange, setCurrency, setTheme } from './preferences.ts'

const MENU_ICON = ['M4 12h16', 'M4 18h16', 'M4 6h16']
const X_ICON = ['M18 6 6 18', 'm6 6 12 12']
const ITEMS = [
  ['home', href('home')],
  ['pricing', href('pricing')],
  ['documentation', href('documentation')],
  ['tutorials', href('tutorials')],
  ['login', href('signIn')],
] as const

const itemClass =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary'

/**
 * The floating menu of small, touch and tablet screens for a visitor: Home, Pricing, Documentation,
 * Tutorials, Login, then the theme, currency and language. A native modal dialog keeps focus inside
 * and closes on Escape, returning focus to the button.
 */
export function attachMobileMenu(strings: IslandStrings, language: Language, api: IslandApi): () => void {
  const container = element('div', { id: 'site-mobile-menu' })
  const sync = () => {
    const mobile = currentDeviceIsMobile()
    if (mobile && !container.isConnected) document.body.append(container)
    if (!mobile && container.isConnected) container.remove()
  }
  const button = element(
    'button',
    {
      type: 'button',
      'aria-label': strings.mobile.open,
      'aria-haspopup': 'dialog',
      'data-testid': 'mobile-menu-button',
      class:
        'fixed right-5 bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 transition hover:bg-primary/90 active:scale-95',
    },
    [icon(MENU_ICON, 'size-6')],
  )
  const dialog = buildDialog(strings, language, api)
  button.addEventListener('click', () => dialog.showModal())
  dialog.addEventListener('close', () => button.focus())
  container.append(button, dialog)
  sync()
  window.addEventListener('resize', sync)
  return () => {
    window.removeEventListener('resize', sync)
    container.remove()
  }
}

function buildDialog(strings: IslandStrings, language: Language, api: IslandApi): HTMLDialogElement {
  const close = element(
    'button',
    {
      type: 'button',
      'aria-label': strings.mobile.close,
      class:
        'flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground',
    },
    [icon(X_ICON, 'size-5')],
  )
  const logo = document.querySelector('header a[href="/"]')?.cloneNode(true) as HTMLElement | undefined
  const here = window.location.pathname
  const items = element(
    'ul',
    { class: 'grid gap-1', 'data-testid': 'mobile-menu-items' },
    ITEMS.map(([name, href]) =>
      element('li', {}, [
        element(
          'a',
          {
            href,
            class:
              name === 'login'
                ? `${itemClass} bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground`
                : itemClass,
            'aria-current': here === href ? 'page' : undefined,
          },
          [strings.mobile[name]],
        ),
      ]),
    ),
  )
  const dialog = element(
    'dialog',
    {
      'aria-labelledby': 'mobile-menu-title',
      'data-testid': 'mobile-menu',
      class:
        'fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50 sm:left-auto sm:w-96 sm:border-l',
    },
    [
      element('div', { class: 'flex h-full flex-col' }, [
        element('div', { class: 'flex h-16 shrink-0 items-center justify-between border-b px-4' }, [
          ...(logo ? [logo] : []),
          close,
        ]),
        element('div', { class: 'flex-1 overflow-y-auto px-4 py-4' }, [
          element('h2', { id: 'mobile-menu-title', class: 'sr-only' }, [strings.mobile.title]),
          element('p', { class: 'mb-4 text-sm text-muted-foreground' }, [strings.mobile.signedOut]),
          element('nav', { 'aria-label': strings.mobile.mainNavigation }, [items]),
          element(
            'section',
            { class: 'mt-6 grid gap-3 border-t pt-5', 'aria-labelledby': 'mobile-menu-preferences' },
            [
              element(
                'h2',
                {
                  id: 'mobile-menu-preferences',
                  class: 'text-xs font-semibold tracking-wide text-muted-foreground uppercase',
                },
                [strings.mobile.preferences],
              ),
              choiceGroup(
                'mobile-theme',
                strings.theme.label,
                THEMES.map((theme) => [theme, strings.theme[theme]]),
                currentTheme,
                (value) => setTheme(value as Theme),
              ),
              choiceGroup(
                'mobile-currency',
                strings.currency.label,
                CURRENCY_SWITCHER_ORDER.map((code) => [code, `${CURRENCY_SYMBOLS[code]} ${code}`]),
                currentCurrency,
                (value) => setCurrency(value as Currency),
              ),
              choiceGroup(
                'mobile-language',
                strings.language.label,
                LANGUAGES.map((code) => [code, strings.language[code]]),
                () => language,
                (value) => switchLanguage(value as Language, language, api),
              ),
            ],
          ),
        ]),
      ]),
    ],
  )
  close.addEventListener('click', () => dialog.close())
  items.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) dialog.close()
  })
  // A click on the backdrop (outside the panel) closes, as the app's dialog does.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close()
  })
  return dialog
}

/** Joined buttons that are native radios: arrow keys move and choose, the label names each. */
function choiceGroup(
  name: string,
  label: string,
  options: [string, string][],
  selected: () => string,
  onChange: (value: string) => void,
): HTMLElement {
  const inputs = options.map(([value, text]) => {
    const input = element('input', {
      type: 'radio',
      name,
      value,
      'aria-label': text,
      class: 'absolute inset-0 cursor-pointer appearance-none rounded-md',
    })
    input.addEventListener('change', () => onChange(value))
    return {
      input,
      label: element(
        'label',
        {
          class:
            'relative flex min-h-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        },
        [input, text],
      ),
    }
  })
  const sync = () => {
    for (const { input } of inputs) input.checked = input.value === selected()
  }
  sync()
  onPreferencesChange(sync)
  return element(
    'div',
    {
      role: 'radiogroup',
      'aria-label': label,
      class: 'grid auto-cols-fr grid-flow-col gap-1 rounded-lg border bg-muted p-1',
    },
    inputs.map(({ label: node }) => node),
  )
}
