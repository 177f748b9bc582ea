import { openAuthScreen } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * The groups that take one stop in the Tab order, whose arrow keys move and choose as they go: tabs
 * (the WAI-ARIA pattern, with Home and End) and radio groups drawn as buttons.
 */

test('tabs: the arrows, Home and End choose a tab, its panel follows, and Tab goes on into the panel', async ({
  page,
}) => {
  await openAuthScreen(page, '/auth')
  const signIn = page.getByRole('tab', { name: 'Sign in' })
  const register = page.getByRole('tab', { name: 'Create account' })
  await expect(signIn).toHaveAttribute('aria-selected', 'true')
  // One stop: the chosen tab alone is in the Tab order.
  await expect(signIn).toHaveAttribute('tabindex', '0')
  await expect(register).toHaveAttribute('tabindex', '-1')

  await signIn.focus()
  await page.keyboard.press('ArrowRight')
  await expect(register).toBeFocused()
  await expect(register).toHaveAttribute('aria-selected', 'true')
  await expect(signIn).toHaveAttribute('aria-selected', 'false')
  const panel = page.getByRole('tabpanel')
  await expect(panel).toHaveCount(1)
  await expect(panel).toHaveAttribute('aria-labelledby', (await register.getAttribute('id'))!)
  await expect(register).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!)

  // Past the last tab the arrow wraps round to the first, and back.
  await page.keyboard.press('ArrowRight')
  await expect(signIn).toBeFocused()
  await expect(signIn).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await expect(register).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(signIn).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  await expect(register).toHaveAttribute('aria-selected', 'true')

  await page.keyboard.press('Tab')
  await expect(page.getByRole('tabpanel')).toBeFocused()
})

test.describe('a radio group drawn as buttons', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the theme in the phone menu of an app page: one stop, the arrows choose and the page follows', async ({
    page,
  }) => {
    await page.goto('/support')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const themes = menu.getByRole('group', { name: 'Theme' })
    const light = themes.getByRole('radio', { name: 'Light' })
    const dark = themes.getByRole('radio', { name: 'Dark' })
    const system = themes.getByRole('radio', { name: 'System' })
    await expect(system).toBeChecked()

    // Tab reaches the chosen option alone, and goes on past the group from it.
    await menu.getByRole('group', { name: 'Currency' }).getByRole('radio', { checked: true }).focus()
    await page.keyboard.press('Shift+Tab')
    await expect(system).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(light).toBeFocused()
    await expect(light).toBeChecked()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await page.keyboard.press('ArrowRight')
    await expect(dark).toBeChecked()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.keyboard.press('ArrowLeft')
    await expect(light).toBeChecked()
    await expect(system).not.toBeChecked()
  })
})
