import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { holdAnswers } from './support/hold.ts'

/**
 * The console's menus, dialogs, tooltips and toasts load after the first paint (web/lib/on-demand.ts),
 * so a phone does not download them before the screen shows. Their buttons are there at once: each
 * test holds the pop-up's code back, uses the button, checks the code was asked for, lets it through
 * and finds the pop-up open where a person expects it.
 */

/** The pop-up's code: `/assets/<name>-<hash>.js`. */
const codeOf = (name: string) => (url: URL) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(url.pathname)

/** Two frames later: a module that has come has run, and React has drawn with it. */
function nextFrames(page: Page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  )
}

async function holdCode(page: Page, name: string) {
  const code = await holdAnswers(page, codeOf(name))
  return {
    /** Waits until the browser asks for the code (it is held), then lets it through. */
    release: async () => {
      await expect.poll(code.held, { timeout: 20_000 }).toBeGreaterThan(0)
      code.release()
    },
  }
}

test('the avatar menu opened with the keyboard before its code has come opens on its first item', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const code = await holdCode(page, 'avatar-menu-popup')
  await page.goto('/dashboard')
  const trigger = page.getByTestId('avatar-menu-trigger')
  await expect(trigger).toBeVisible({ timeout: 20_000 })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await code.release()
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(trigger).toBeFocused()
})

test('the currency menu clicked before its code has come opens and still changes the currency', async ({
  page,
}) => {
  const code = await holdCode(page, 'radio-menu-popup')
  await page.goto('/contact')
  const trigger = page.getByTestId('currency-switcher')
  await expect(trigger).toHaveText(/EUR/)
  await trigger.click()
  await code.release()
  await page.getByRole('menuitemradio', { name: /GBP/ }).click()
  await expect(trigger).toHaveText(/GBP/)
})

test('the language menu pressed just as its code comes opens: the click ends on the real button', async ({
  page,
}) => {
  const code = await holdCode(page, 'radio-menu-popup')
  await page.goto('/contact')
  const trigger = page.getByTestId('language-switcher')
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  const box = (await trigger.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  const arrived = page.waitForResponse((response) => codeOf('radio-menu-popup')(new URL(response.url())))
  await code.release()
  await arrived
  // The real trigger has replaced the stand-in under the pointer before the button is let go.
  await expect(page.getByRole('menuitemradio', { name: /Français/ })).toBeVisible()
  await page.mouse.up()
  await page.getByRole('menuitemradio', { name: /Français/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible()
})

test('the notification bell clicked before its code has come opens the panel', async ({ page }) => {
  await signIn(page, 'demo')
  const code = await holdCode(page, 'notification-popover')
  await page.goto('/dashboard')
  await page.getByTestId('notification-bell').click()
  await code.release()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  await expect(page.getByTestId('notification-list')).toBeVisible()
})

test('a toast raised before the toasts have come shows once they do', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const code = await holdCode(page, 'toaster')
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Copy promo code PARIS' }).click()
  await code.release()
  await expect(page.locator('li[data-variant][data-state="open"]')).toHaveCount(1)
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the floating menu tapped before its code has come opens, and closing gives the focus back', async ({
    page,
  }) => {
    const code = await holdCode(page, 'mobile-menu-dialog')
    await page.goto('/contact')
    const button = page.getByTestId('mobile-menu-button')
    await button.click()
    await code.release()
    const menu = page.getByTestId('mobile-menu')
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('group', { name: 'Theme' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  test('the dashboard drawer tapped before its code has come opens, and closing gives the focus back', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    const code = await holdCode(page, 'dashboard-drawer-sheet')
    await page.goto('/dashboard')
    const button = page.getByTestId('sidebar-drawer-button')
    await button.click()
    await code.release()
    const drawer = page.getByTestId('sidebar-drawer')
    await expect(drawer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(button).toBeFocused()
  })
})

test('the collapsed sidebar shows its tooltips once their code has come', async ({ page }) => {
  await signIn(page, 'demo')
  const code = await holdCode(page, 'sidebar-tooltips')
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  const link = page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Billing' })
  await expect(link).toBeVisible()
  const arrived = page.waitForResponse((response) => codeOf('sidebar-tooltips')(new URL(response.url())))
  await code.release()
  await arrived
  await nextFrames(page)
  await link.hover()
  await expect(page.getByRole('tooltip', { name: 'Billing' })).toBeVisible()
})

test('a sidebar group closed before the tooltips’ code has come stays closed when it comes', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const code = await holdCode(page, 'sidebar-tooltips')
  await page.goto('/dashboard')
  const clusters = page.getByTestId('dashboard-sidebar').getByRole('button', { name: /^Clusters/ })
  await clusters.click()
  await expect(clusters).toHaveAttribute('aria-expanded', 'false')
  const arrived = page.waitForResponse((response) => codeOf('sidebar-tooltips')(new URL(response.url())))
  await code.release()
  await arrived
  // The module has run and React has drawn again: nothing was redrawn afresh.
  await nextFrames(page)
  await expect(clusters).toHaveAttribute('aria-expanded', 'false')
  await expect(
    page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Configure New Cluster' }),
  ).toHaveCount(0)
})

test('a dialog opened with the keyboard before its code has come opens, and gives the focus back when closed', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const { items } = (await (await page.request.get('/api/clusters?status=running')).json()) as {
    items: Array<{ id: string; name: string }>
  }
  const cluster = items[0]!
  const code = await holdCode(page, 'dialog-parts')
  await page.goto(`/clusters/${cluster.id}`)
  const trigger = page.getByTestId('kubeconfig-download')
  await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await code.release()
  const dialog = page.getByRole('dialog', { name: `Download a kubeconfig for ${cluster.name}` })
  await expect(dialog).toBeVisible()
  await expect(trigger).toHaveAttribute('aria-controls', (await dialog.getAttribute('id'))!)
  // The dialog holds the focus while open (its focus trap came with its code).
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(trigger).toBeFocused()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
})
