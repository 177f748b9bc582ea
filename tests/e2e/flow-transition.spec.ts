import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/** Moves inside the app as a link would (a popstate the router follows), without a page load. */
async function moveInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: 99 }, '', target)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/** The slide the flow layout runs: its direction and the duration and offset of its animation. */
function slideOf(page: Page) {
  return page.evaluate(() => {
    const container = document.querySelector<HTMLElement>('[data-slide]')
    const animation = container?.getAnimations()[0]
    const keyframes = (animation?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? []
    return {
      slide: container?.dataset.slide,
      duration: animation?.effect?.getTiming().duration,
      transforms: keyframes.map((frame) => frame.transform),
    }
  })
}

test.describe('configuration flow slide (spec §2)', () => {
  test('forward to provisioning: out 0.3 s to the left, in 0.4 s from the right, 20 px; backward mirrored', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    await page.goto('/configure-cluster')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()

    await moveInApp(page, '/cluster-provisioning')
    await expect
      .poll(() => slideOf(page))
      .toEqual({
        slide: 'out-forward',
        duration: 300,
        transforms: ['translateX(0px)', 'translateX(-20px)'],
      })
    // The leaving page keeps its own title while it slides out.
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
    await expect
      .poll(() => slideOf(page))
      .toEqual({
        slide: 'in-forward',
        duration: 400,
        transforms: ['translateX(20px)', 'translateX(0px)'],
      })
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster provisioning' })).toBeVisible()
    await expect(page.locator('[data-slide]')).toHaveCount(0)

    await moveInApp(page, '/clusters/configure')
    await expect
      .poll(() => slideOf(page))
      .toEqual({
        slide: 'out-backward',
        duration: 300,
        transforms: ['translateX(0px)', 'translateX(20px)'],
      })
    await expect
      .poll(() => slideOf(page))
      .toEqual({
        slide: 'in-backward',
        duration: 400,
        transforms: ['translateX(-20px)', 'translateX(0px)'],
      })
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
  })

  test('no slide for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'demo')
    await page.goto('/configure-cluster')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
    await moveInApp(page, '/cluster-provisioning')
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster provisioning' })).toBeVisible()
    await expect(page.locator('[data-slide]')).toHaveCount(0)
  })
})
