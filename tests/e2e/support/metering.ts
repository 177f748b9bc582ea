import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

export const HOUR_MS = 3_600_000

export type UsageRecord = { resourceKey: string; hour: string; amountMillicents: number }

/** The start of the current hour, as the metering job names it. */
export function currentHour(): string {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString()
}

/**
 * Runs the metering job for the given hours and answers the signed-in organization's records of
 * those hours. The job covers every organization, so another test may have metered an hour
 * first: the records are read back rather than counted from the call.
 */
export async function meterHours(page: Page, hours: string[]): Promise<UsageRecord[]> {
  const metered = await page.request.post('/api/dev/billing/meter', { data: { hours } })
  expect(metered.status(), await metered.text()).toBe(200)
  const wanted = new Set(hours.map((hour) => new Date(hour).getTime()))
  const months = [...new Set(hours.map((hour) => hour.slice(0, 7)))]
  const records: UsageRecord[] = []
  for (const month of months) {
    const answer = await page.request.get(`/api/dev/billing/usage-records?month=${month}`)
    expect(answer.status(), await answer.text()).toBe(200)
    records.push(...((await answer.json()) as UsageRecord[]))
  }
  return records.filter((record) => wanted.has(new Date(record.hour).getTime()))
}
