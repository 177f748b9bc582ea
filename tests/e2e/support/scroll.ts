import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Scrolls a console screen to its foot until `part` shows: the parts there (the forms at the foot
 * of /billing) are drawn only once they come near the view, and the screen above them grows as its
 * answers come, so one scroll made early can fall short.
 */
export async function scrollToFoot(page: Page, part: string): Promise<void> {
  await expect(async () => {
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
    await expect(page.getByTestId(part)).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}
