import type { Page, Route } from '@playwright/test'

/** Holds the answers to requests that `matches` until `release()` is called. */
export async function holdAnswers(page: Page, matches: (url: URL) => boolean) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = 0
  await page.route(
    (url) => matches(url),
    async (route: Route) => {
      held += 1
      await released
      await route.continue()
    },
  )
  return { release, held: () => held }
}
