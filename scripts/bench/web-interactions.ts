/**
 * The interactions people repeat on the signed-in screens, timed in Chromium through the Event
 * Timing API: the longest event entry of the interaction (what Interaction to Next Paint reports
 * for a page with this one interaction), on a phone-sized page with the CPU slowed 4× as
 * Lighthouse's mobile preset does, once the screen has settled (no request for half a second,
 * then an idle moment). The median of BENCH_WEB_RUNS page loads.
 */
import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import { type Bench, numberFromEnvironment } from './harness.ts'
import { CHROMIUM, cookiesOfHeader, median } from './lighthouse.ts'

type Interaction = {
  name: string
  screen: string
  user: 'customer' | 'officer'
  /** What shows when the screen is ready for the interaction. */
  ready: (page: Page) => Locator
  /** What a person has done before (not timed). */
  prepare?: (page: Page) => Promise<void>
  act: (page: Page) => Promise<void>
  /** What shows once the interaction has answered. */
  answered: (page: Page) => Locator
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'open the notification menu',
    screen: '/dashboard',
    user: 'customer',
    ready: (page) => page.getByTestId('notification-bell'),
    act: (page) => page.getByTestId('notification-bell').click(),
    answered: (page) => page.getByRole('dialog', { name: 'Notifications' }),
  },
  {
    name: 'go to the next wizard step',
    screen: '/configure-cluster',
    user: 'customer',
    ready: (page) => page.getByRole('button', { name: 'Next', exact: true }),
    prepare: (page) => page.getByRole('radio', { name: /^Standard/ }).check(),
    act: (page) => page.getByRole('button', { name: 'Next', exact: true }).click(),
    answered: (page) => page.getByRole('heading', { level: 2, name: 'Data center', exact: true }),
  },
  {
    name: 'open a product sheet',
    screen: '/marketplace',
    user: 'customer',
    ready: (page) => page.getByTestId('product-postgresql'),
    act: (page) => page.getByTestId('product-postgresql').click(),
    answered: (page) => page.getByTestId('product-detail'),
  },
  {
    name: 'filter invoices',
    screen: '/billing',
    user: 'customer',
    ready: (page) => page.getByTestId('invoices').getByRole('listitem').first(),
    act: async (page) => {
      await page.getByTestId('invoices').getByLabel('Status').selectOption('paid')
    },
    answered: (page) => page.getByTestId('invoices').getByRole('listitem').first(),
  },
  {
    name: 'switch a cluster tab',
    screen: '/clusters/:id',
    user: 'customer',
    ready: (page) => page.getByRole('tab', { name: 'Node pools', exact: true }),
    act: (page) => page.getByRole('tab', { name: 'Node pools', exact: true }).click(),
    answered: (page) => page.getByRole('tab', { name: 'Node pools', exact: true, selected: true }),
  },
]

const READY_TIMEOUT_MS = 60_000

export async function measureInteractions(
  bench: Bench,
  options: {
    baseUrl: string
    headers: Record<'customer' | 'officer', { cookie: string }>
    clusterId: string
    only?: string[]
  },
): Promise<{ name: string; screen: string; durationMs: number }[]> {
  const runs = Math.floor(numberFromEnvironment('BENCH_WEB_RUNS', 3, 9))
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  bench.onCleanup(() => browser.close())
  const results: { name: string; screen: string; durationMs: number }[] = []
  for (const interaction of INTERACTIONS) {
    if (options.only && !options.only.includes(interaction.screen)) continue
    const durations: number[] = []
    for (let run = 0; run < runs; run++) {
      process.stdout.write(`  ${interaction.name} run ${run + 1}…`)
      const duration = await timeOnce(browser, interaction, {
        url: `${options.baseUrl}${interaction.screen.replace(':id', options.clusterId)}`,
        cookie: options.headers[interaction.user].cookie,
      })
      console.log(` ${Math.round(duration)} ms`)
      durations.push(duration)
    }
    results.push({ name: interaction.name, screen: interaction.screen, durationMs: median(durations) })
  }
  return results
}

async function timeOnce(browser: Browser, interaction: Interaction, target: { url: string; cookie: string }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    // In the browser's jar, as a signed-in person's browser holds them: the page's scripts read the
    // session hint.
    // (By host and path: Playwright takes a cookie given with an http address for an insecure one,
    // which a `__Host-` cookie cannot be.)
    const host = new URL(target.url).hostname
    await context.addCookies(
      cookiesOfHeader(target.cookie, target.url).map(({ url: _url, ...cookie }) => ({
        ...cookie,
        domain: host,
        path: '/',
      })),
    )
    const page = await context.newPage()
    const session = await context.newCDPSession(page)
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(target.url)
    await interaction.ready(page).waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS })
    await interaction.prepare?.(page)
    // A person repeats these on a screen that has settled: what loads once the screen is idle (the
    // shell's menus, the header's reads) would otherwise run at the moment of the click, a
    // load-time wait that no interaction of theirs has.
    await page.waitForLoadState('networkidle')
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
    )
    await page.evaluate(() => {
      const durations: number[] = []
      ;(window as unknown as { interactionDurations: number[] }).interactionDurations = durations
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
          if (entry.interactionId) durations.push(entry.duration)
      }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
    })
    await interaction.act(page)
    await interaction.answered(page).waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS })
    // Entries are reported after the next paint; one under 16 ms is not reported at all.
    const durations = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(
              () => resolve((window as unknown as { interactionDurations: number[] }).interactionDurations),
              100,
            ),
          ),
        ),
    )
    return durations.length === 0 ? 16 : Math.max(...durations)
  } finally {
    await context.close()
  }
}
