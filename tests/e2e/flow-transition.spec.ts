import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/** Moves inside the app as a link would (a popstate the router follows), without a page load. */
async function moveInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: 99 }, '', target)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/**
 * Records every animation the page starts (the element's slide direction, duration and transforms)
 * as it starts, so a 0.3 s animation cannot slip between two polls.
 */
async function recordAnimations(page: Page) {
  await page.addInitScript(() => {
    const started: { slide?: string; heading?: string; duration?: unknown; transforms: unknown[] }[] = []
    ;(window as unknown as { startedAnimations: typeof started }).startedAnimations = started
    const animate = Element.prototype.animate
    Element.prototype.animate = function (keyframes, options) {
      const frames = Array.isArray(keyframes) ? keyframes : []
      started.push({
        slide: (this as HTMLElement).dataset?.slide,
        // The page the animation moves: the leaving page keeps its own content while it slides out.
        heading: this.querySelector('h1')?.textContent ?? undefined,
        duration: typeof options === 'number' ? options : options?.duration,
        transforms: frames.map((frame) => (frame as Keyframe).transform),
      })
      return animate.call(this, keyframes, options)
    }
  })
}

function startedAnimations(page: Page) {
  return page.evaluate(() => (window as unknown as { startedAnimations: unknown[] }).startedAnimations)
}

test.describe('configuration flow slide', () => {
  test('forward to provisioning: out 0.3 s to the left, in 0.4 s from the right, 20 px; backward mirrored', async ({
    page,
  }) => {
    await recordAnimations(page)
    await signIn(page, 'demo')
    await page.goto('/configure-cluster')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()

    await moveInApp(page, '/cluster-provisioning')
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster provisioning' })).toBeVisible()
    await expect(page.locator('[data-slide]')).toHaveCount(0)
    await expect
      .poll(() => startedAnimations(page))
      .toEqual([
        {
          slide: 'out-forward',
          heading: 'Configure a cluster',
          duration: 300,
          transforms: ['translateX(0)', 'translateX(-20px)'],
        },
        {
          slide: 'in-forward',
          heading: 'Cluster provisioning',
          duration: 400,
          transforms: ['translateX(20px)', 'translateX(0)'],
        },
      ])

    await moveInApp(page, '/clusters/configure')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
    await expect(page.locator('[data-slide]')).toHaveCount(0)
    await expect
      .poll(async () => ((await startedAnimations(page)) as unknown[]).slice(2))
      .toEqual([
        {
          slide: 'out-backward',
          heading: 'Cluster provisioning',
          duration: 300,
          transforms: ['translateX(0)', 'translateX(20px)'],
        },
        {
          slide: 'in-backward',
          heading: 'Configure a cluster',
          duration: 400,
          transforms: ['translateX(-20px)', 'translateX(0)'],
        },
      ])
  })

  test('no slide for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await recordAnimations(page)
    await signIn(page, 'demo')
    await page.goto('/configure-cluster')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
    await moveInApp(page, '/cluster-provisioning')
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster provisioning' })).toBeVisible()
    await expect(page.locator('[data-slide]')).toHaveCount(0)
    expect(await startedAnimations(page)).toEqual([])
  })
})
