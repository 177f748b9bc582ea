import { copyText } from '#web/lib/clipboard.ts'
import {
  COPIED_LABEL_MS,
  COPY_TOAST_MS,
  PROMO_CODE,
  PROMO_DISMISSED_SESSION_KEY,
  RESTORE_TOAST_MS,
} from '#web/lib/constants.ts'
import { element, icon, safeStorage } from './dom.ts'
import type { IslandStrings } from './island-strings.ts'
import type { ShowToast } from './toasts.ts'

const CHECK_ICON = ['M20 6 9 17l-5-5']

/**
 * The promo bar on a static page: the code copies with "Copied!" for 2 s and a toast; closing hides
 * it for the browser session behind a side tab that brings it back.
 */
export function attachPromoBar(strings: IslandStrings, showToast: ShowToast): void {
  const bar = document.querySelector<HTMLElement>('[data-testid="promo-bar"]')
  if (!bar) return
  const session = safeStorage('sessionStorage')
  const codeButton = bar.querySelector<HTMLButtonElement>('[data-testid="promo-code"]')
  const dismissButton = bar.querySelector<HTMLButtonElement>('[data-testid="promo-dismiss"]')
  const status = bar.querySelector<HTMLElement>('[role="status"]')
  const gift = bar.querySelector('svg')?.cloneNode(true) as SVGElement | undefined
  const placeholder = document.createComment('promo bar')
  bar.before(placeholder)

  const restoreTab = element(
    'button',
    {
      type: 'button',
      'aria-label': strings.promo.restore,
      'data-testid': 'promo-restore-tab',
      class:
        'fixed top-1/2 left-0 z-30 flex -translate-y-1/2 flex-col items-center gap-1.5 rounded-r-lg bg-primary px-1.5 py-3 text-primary-foreground shadow-lg transition-[padding] hover:pl-2.5',
    },
    [
      ...(gift ? [gift] : []),
      element('span', { class: 'text-xs font-semibold [writing-mode:vertical-rl]', 'aria-hidden': 'true' }, [
        strings.promo.restoreTab,
      ]),
    ],
  )

  const show = (dismissed: boolean, moveFocus: boolean) => {
    // The boot script hid a bar dismissed before this page load; from now on this code decides.
    document.documentElement.classList.remove('promo-dismissed')
    if (dismissed) {
      bar.remove()
      placeholder.after(restoreTab)
      if (moveFocus) restoreTab.focus()
    } else {
      restoreTab.remove()
      placeholder.after(bar)
      if (moveFocus) dismissButton?.focus()
    }
  }
  if (session.getItem(PROMO_DISMISSED_SESSION_KEY) === 'true') show(true, false)

  dismissButton?.addEventListener('click', () => {
    session.setItem(PROMO_DISMISSED_SESSION_KEY, 'true')
    show(true, true)
  })
  restoreTab.addEventListener('click', () => {
    session.removeItem(PROMO_DISMISSED_SESSION_KEY)
    show(false, true)
    showToast({
      title: strings.promo.restoredTitle,
      description: strings.promo.restoredDescription,
      variant: 'info',
      duration: RESTORE_TOAST_MS,
    })
  })

  const copyIcon = codeButton?.querySelector('svg')
  let resetTimer: ReturnType<typeof setTimeout> | undefined
  codeButton?.addEventListener('click', async () => {
    const done = await copyText(PROMO_CODE)
    if (!done) {
      showToast({
        title: strings.promo.copyFailedTitle,
        description: strings.promo.copyFailedDescription,
        variant: 'warning',
        duration: COPY_TOAST_MS,
      })
      return
    }
    const check = icon(CHECK_ICON, 'size-3.5')
    codeButton.querySelector('svg')?.replaceWith(check)
    if (status) {
      status.textContent = strings.promo.copied
      status.classList.remove('sr-only')
    }
    clearTimeout(resetTimer)
    resetTimer = setTimeout(() => {
      if (copyIcon) check.replaceWith(copyIcon)
      if (status) {
        status.textContent = ''
        status.classList.add('sr-only')
      }
    }, COPIED_LABEL_MS)
    showToast({
      title: strings.promo.copiedTitle,
      description: strings.promo.copiedDescription,
      variant: 'success',
      duration: COPY_TOAST_MS,
    })
  })
}

/** Takes the offer away (bar and side tab) for a member of an organization that has bought. */
/** Shows the bar a browser holding a session kept hidden until the person was known (theme-script.ts). */
export function revealPromoBar(): void {
  document.querySelector('[data-promo-bar]')?.removeAttribute('data-promo-pending')
}

export function withdrawPromoBar(): void {
  for (const part of document.querySelectorAll(
    '[data-testid="promo-bar"], [data-testid="promo-restore-tab"]',
  ))
    part.remove()
}
