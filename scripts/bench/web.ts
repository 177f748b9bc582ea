/**
 * `npm run bench:web`: Lighthouse (Debian's Chromium, headless) with the mobile and desktop
 * presets on the built public pages and on the signed-in screens, served by the production
 * server. The screens are opened as the demo customer (and the officer for the officers' panel):
 * the demo organizations and their data are seeded into the bench's database and each person
 * signs in through `POST /api/login`; their cookies (the session and its hint) are in the browser's
 * jar for the screen's runs, as in their own browser.
 *
 * Prints, per page and preset, the medians of the runs: the four category scores (public pages),
 * or performance, Total Blocking Time, layout shift, largest paint and the scripts sent (screens),
 * with each against its budget (scripts/web-budgets.ts), and the first-load JavaScript of the
 * build (scripts/web-first-load.ts). Then the interactions people repeat, timed through the Event
 * Timing API (web-interactions.ts).
 *
 * BENCH_WEB_RUNS (default 3) runs per page and preset; BENCH_WEB_ONLY (comma-separated paths)
 * narrows the pages, BENCH_WEB_PRESETS (`mobile`, `desktop`, comma-separated) the presets;
 * BENCH_WEB_REPORT_DIR, when set, receives each Lighthouse report as JSON.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathOf } from '#common/contract/endpoint.ts'
import { api } from '#common/contract/index.ts'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { seedDatabase } from '#server/db/seed/index.ts'
import { BUDGET, BUDGETED_PUBLIC_PAGES, BUDGETED_SCREENS } from '../web-budgets.ts'
import { type FirstLoad, firstLoadOfPage, firstLoadOfScreen } from '../web-first-load.ts'
import { sessionCookieOf } from './customers.ts'
import { ensureWebBuild, formatNumber, numberFromEnvironment, printTable, runBench } from './harness.ts'
import {
  audit,
  CATEGORIES,
  CHROMIUM,
  collectFailedAudits,
  type LighthouseResult,
  median,
  metricsOf,
  observedScripts,
  PRESETS,
  type Preset,
  scoresOf,
  startChromium,
} from './lighthouse.ts'
import { measureInteractions } from './web-interactions.ts'

const runsPerPage = Math.floor(numberFromEnvironment('BENCH_WEB_RUNS', 3, 9))
const only = process.env.BENCH_WEB_ONLY?.split(',').map((entry) => entry.trim())
const reportDir = process.env.BENCH_WEB_REPORT_DIR
const onlyPresets = process.env.BENCH_WEB_PRESETS?.split(',').map((entry) => entry.trim())
const presets = PRESETS.filter((preset) => !onlyPresets || onlyPresets.includes(preset))
const publicPages = BUDGETED_PUBLIC_PAGES.filter((page) => !only || only.includes(page))
const screens = BUDGETED_SCREENS.filter((screen) => !only || only.includes(screen.route))
const timeLimitMs = 900_000 + (publicPages.length + screens.length) * presets.length * runsPerPage * 120_000

const kib = (bytes: number) => formatNumber(bytes / 1024, 1)
const within = (ok: boolean) => (ok ? '✔' : '✘')

await runBench('bench:web', timeLimitMs, async (bench) => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
  const clientDir = ensureWebBuild()
  const { url, db } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    webClientDir: clientDir,
    name: 'app',
  })
  // The screens need people and their data: the demo organizations, as `npm start` has them.
  await seedDatabase(db, { demoData: true, demoBilling: { secretsKey: bench.secretsKey } })
  const headers = {
    customer: await sessionHeaders(server.baseUrl, server.origin, 'demo'),
    officer: await sessionHeaders(server.baseUrl, server.origin, 'officer'),
  }
  const clusterId = await runningClusterOf(server.baseUrl, headers.customer)
  const urlOf = (route: string) => route.replace(':id', clusterId)
  const debuggingPort = await startChromium(bench)
  if (reportDir) mkdirSync(reportDir, { recursive: true })
  console.log(
    `${publicPages.length} public pages and ${screens.length} signed-in screens × ${presets.join(' and ')}, ${runsPerPage} run(s) each (median kept), served by NODE_ENV=production from ${path.relative(process.cwd(), clientDir)}`,
  )

  const failedAudits = new Map<string, Set<string>>()
  const notes: string[] = []
  const runAudits = async (label: string, target: string, preset: Preset, extra?: Record<string, string>) => {
    const results: LighthouseResult[] = []
    for (let run = 0; run < runsPerPage; run++) {
      process.stdout.write(`  ${label} (${preset}) run ${run + 1}…`)
      // The app's own origin (localhost), as a browser opens it: the realtime socket checks it.
      const result = await audit(`${server.origin}${target}`, debuggingPort, preset, extra)
      if (!result) continue
      results.push(result)
      console.log(` performance ${scoresOf(result).performance}`)
      collectFailedAudits(result, label, failedAudits)
      if (reportDir) {
        const name = `${label === '/' ? 'home' : label.slice(1).replaceAll(/[/:]/g, '-')}-${preset}-${run + 1}.json`
        writeFileSync(path.join(reportDir, name), JSON.stringify(result, null, 1))
      }
    }
    return results
  }
  const checkScripts = (label: string, preset: Preset, results: LighthouseResult[], firstLoad: FirstLoad) => {
    for (const result of results.slice(0, 1)) {
      const missing = [...observedScripts(result)].filter((file) => !firstLoad.files.includes(file))
      if (missing.length > 0) notes.push(`${label} (${preset}) also loaded ${missing.length} later script(s)`)
    }
  }

  const publicRows: string[][] = []
  for (const page of publicPages) {
    const firstLoad = firstLoadOfPage(clientDir, page)
    for (const preset of presets) {
      const results = await runAudits(page, page, preset)
      checkScripts(page, preset, results, firstLoad)
      const scores = results.map(scoresOf)
      const performance = median(scores.map((score) => score.performance))
      const floor = preset === 'mobile' ? BUDGET.publicMobilePerformance : BUDGET.desktopPerformance
      publicRows.push([
        page,
        preset,
        ...CATEGORIES.map((category) => String(median(scores.map((score) => score[category])))),
        kib(firstLoad.brotliBytes),
        within(performance >= floor && firstLoad.brotliBytes <= BUDGET.publicFirstLoadBytes),
      ])
    }
  }

  const screenRows: string[][] = []
  for (const screen of screens) {
    const firstLoad = firstLoadOfScreen(clientDir, screen.route)
    const cookie = headers[screen.user]
    for (const preset of presets) {
      const results = await runAudits(screen.route, urlOf(screen.route), preset, cookie)
      checkScripts(screen.route, preset, results, firstLoad)
      const performance = median(results.map((result) => scoresOf(result).performance))
      const metrics = results.map(metricsOf)
      const tbt = median(metrics.map((metric) => metric.totalBlockingTimeMs))
      const cls = median(metrics.map((metric) => metric.cumulativeLayoutShift))
      const lcp = median(metrics.map((metric) => metric.largestContentfulPaintMs))
      const sent = median(metrics.map((metric) => metric.scriptTransferBytes))
      const floor = preset === 'mobile' ? BUDGET.mobilePerformance : BUDGET.desktopPerformance
      const ok =
        performance >= floor &&
        cls <= BUDGET.cumulativeLayoutShift &&
        (preset === 'desktop' || tbt <= BUDGET.totalBlockingTimeMs) &&
        firstLoad.brotliBytes <= BUDGET.screenFirstLoadBytes
      screenRows.push([
        screen.route,
        preset,
        String(performance),
        formatNumber(tbt, 0),
        formatNumber(cls, 3),
        formatNumber(lcp / 1000, 1),
        kib(sent),
        kib(firstLoad.brotliBytes),
        within(ok),
      ])
    }
  }

  if (publicRows.length > 0) {
    console.log('\nPublic pages (budget: performance ≥ 95 mobile, ≥ 98 desktop; first-load JS ≤ 80 KiB):')
    printTable(['page', 'preset', 'perf', 'a11y', 'best-pr.', 'SEO', 'JS KiB br', 'budget'], publicRows)
  }
  if (screenRows.length > 0) {
    console.log(
      `\nSigned-in screens (budget: performance ≥ ${BUDGET.mobilePerformance} mobile, ≥ ${BUDGET.desktopPerformance} desktop; TBT ≤ ${BUDGET.totalBlockingTimeMs} ms on mobile; CLS ≤ ${BUDGET.cumulativeLayoutShift}; first-load JS ≤ ${BUDGET.screenFirstLoadBytes / 1024} KiB):`,
    )
    printTable(
      ['screen', 'preset', 'perf', 'TBT ms', 'CLS', 'LCP s', 'JS sent KiB', 'first-load KiB br', 'budget'],
      screenRows,
    )
  }
  console.log(
    '\nfirst-load: the scripts the page needs before it can answer, with their static imports, Brotli as the server sends them; JS sent: what Lighthouse saw transferred (later scripts included).',
  )

  if (screens.length > 0) {
    const interactions = await measureInteractions(bench, {
      baseUrl: server.origin,
      headers,
      clusterId,
      only,
    })
    console.log(
      `\nInteractions (budget: ≤ ${BUDGET.interactionMs} ms, the longest Event Timing entry, mobile CPU slowed 4×):`,
    )
    printTable(
      ['interaction', 'screen', 'ms', 'budget'],
      interactions.map((entry) => [
        entry.name,
        entry.screen,
        formatNumber(entry.durationMs, 0),
        within(entry.durationMs <= BUDGET.interactionMs),
      ]),
    )
  }

  if (failedAudits.size > 0) {
    console.log('\nAudits that did not pass (page):')
    for (const [auditTitle, pages] of failedAudits) console.log(`  ${auditTitle} (${[...pages].join(', ')})`)
  }
  for (const note of notes) console.log(`note: ${note}`)
})

/** Signs a demo person in through the API: the headers a browser of theirs would send. */
async function sessionHeaders(baseUrl: string, origin: string, username: string) {
  const response = await fetch(`${baseUrl}${api.auth.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  })
  if (response.status !== 200) throw new Error(`signing ${username} in answered ${response.status}`)
  return { cookie: `${sessionCookieOf(response)}; ${SESSION_HINT_COOKIE}=1` }
}

/** A running cluster of the demo customer, for `/clusters/:id`. */
async function runningClusterOf(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${baseUrl}${pathOf(api.clusters.list)}`, {
    headers,
    signal: AbortSignal.timeout(30_000),
  })
  const { items } = (await response.json()) as { items: { id: string; status: string }[] }
  const cluster = items.find((item) => item.status === 'running') ?? items[0]
  if (!cluster) throw new Error('the demo customer has no cluster')
  return cluster.id
}
