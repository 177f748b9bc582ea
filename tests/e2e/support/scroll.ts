import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Scrolls a console screen until `part` shows: to `place` when given (a section's heading), else
 * to the screen's foot. The parts screens away from the top (the forms at the foot of /billing, the
 * officers' later sections) are drawn only once they come near the view, and the screen above them
 * grows as its answers come, so one scroll made early can fall short.
 */
export async function scrollUntilShown(page: Page, part: Locator, place?: Locator): Promise<void> {
  await expect(async () => {
    if (place) await place.scrollIntoViewIfNeeded()
    else await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
    await expect(part.first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}
