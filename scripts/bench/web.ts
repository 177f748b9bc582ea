/**
 * `npm run bench:web`: Lighthouse (Debian's Chromium, headless) on the built public pages served by
 * the production server, with the mobile (default) and desktop presets. Prints the four category
 * scores and the first-load JavaScript of each page: the gzip size of every script its HTML loads
 * (script tags, module preloads, imports of inline module scripts) and their static imports.
 *
 * BENCH_WEB_RUNS (default 1) runs per page and preset, the median kept; BENCH_WEB_REPORT_DIR, when
 * set, receives each Lighthouse report as JSON.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse, { desktopConfig } from 'lighthouse'
import {
  type Bench,
  ensureWebBuild,
  findFreePort,
  formatNumber,
  numberFromEnvironment,
  printTable,
  runBench,
  sleep,
} from './harness.ts'

const PAGES = ['/', '/pricing', '/cluster-types/blue', '/documentation']
const PRESETS = ['mobile', 'desktop'] as const
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
const AUDIT_ATTEMPTS = 3
const runsPerPage = Math.floor(numberFromEnvironment('BENCH_WEB_RUNS', 1, 9))
const reportDir = process.env.BENCH_WEB_REPORT_DIR

const SCRIPT_SOURCE = /<script\b[^>]*\bsrc="([^"]+)"/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
const INLINE_MODULE = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g
/** `import … from "x"`, `import "x"` and `export … from "x"`; dynamic `import("x")` loads later. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g

type Preset = (typeof PRESETS)[number]
type Scores = Record<(typeof CATEGORIES)[number], number>
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

const timeLimitMs = 900_000 + PAGES.length * PRESETS.length * runsPerPage * 120_000

await runBench('bench:web', timeLimitMs, async (bench) => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
  const clientDir = ensureWebBuild()
  const { url } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    webClientDir: clientDir,
    name: 'app',
  })
  const debuggingPort = await startChromium(bench)
  if (reportDir) mkdirSync(reportDir, { recursive: true })
  console.log(
    `${PAGES.length} pages × ${PRESETS.join(' and ')}, ${runsPerPage} run(s) each (median kept), served by NODE_ENV=production from ${path.relative(process.cwd(), clientDir)}`,
  )

  const rows: string[][] = []
  const failedAudits = new Map<string, Set<string>>()
  const scriptMismatches: string[] = []
  for (const page of PAGES) {
    const firstLoad = firstLoadScripts(clientDir, page)
    for (const preset of PRESETS) {
      const runs: Scores[] = []
      for (let run = 0; run < runsPerPage; run++) {
        process.stdout.write(`  ${page} (${preset}) run ${run + 1}…`)
        const result = await audit(`${server.baseUrl}${page}`, debuggingPort, preset)
        if (!result) continue
        const scores = scoresOf(result)
        runs.push(scores)
        console.log(` performance ${scores.performance}`)
        collectFailedAudits(result, page, failedAudits)
        const observed = observedScripts(result)
        const missing = [...observed].filter((file) => !firstLoad.files.includes(file))
        if (missing.length > 0) scriptMismatches.push(`${page} (${preset}) also loaded ${missing.join(', ')}`)
        if (reportDir) {
          const name = `${page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')}-${preset}-${run + 1}.json`
          writeFileSync(path.join(reportDir, name), JSON.stringify(result, null, 1))
        }
      }
      const median = (category: (typeof CATEGORIES)[number]) =>
        runs.length === 0
          ? 'failed'
          : String(runs.map((scores) => scores[category]).sort((a, b) => a - b)[Math.floor(runs.length / 2)])
      rows.push([
        page,
        preset,
        ...CATEGORIES.map((category) => median(category)),
        String(firstLoad.files.length),
        formatNumber(firstLoad.rawBytes / 1024, 1),
        formatNumber(firstLoad.gzipBytes / 1024, 1),
      ])
    }
  }

  printTable(['page', 'preset', 'perf', 'a11y', 'best-pr.', 'SEO', 'JS files', 'JS KiB', 'JS KiB gzip'], rows)
  console.log('\nJS: scripts the HTML loads and their static imports, gzip level 6 (zlib default).')
  if (failedAudits.size > 0) {
    console.log('\nAudits that did not pass (page):')
    for (const [auditTitle, pages] of failedAudits) console.log(`  ${auditTitle} (${[...pages].join(', ')})`)
  }
  for (const mismatch of scriptMismatches) console.log(`note: ${mismatch}`)
})

async function startChromium(bench: Bench): Promise<number> {
  const port = await findFreePort()
  const profile = path.join(bench.workDir, 'chromium-profile')
  const child = bench.spawnTracked(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return port
    await sleep(200)
  }
  throw new Error(`Chromium did not open its debugging port (exit code ${child.exitCode})`)
}

/**
 * One Lighthouse run, tried again when the trace could not be recorded (which happens on a busy
 * machine); undefined when every attempt failed.
 */
async function audit(url: string, port: number, preset: Preset): Promise<LighthouseResult | undefined> {
  let reason = ''
  for (let attempt = 1; attempt <= AUDIT_ATTEMPTS; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (result && !result.lhr.runtimeError) return result.lhr
    reason = result?.lhr.runtimeError?.code ?? 'no result'
    process.stdout.write(` (attempt ${attempt}: ${reason})`)
  }
  console.log(` failed after ${AUDIT_ATTEMPTS} attempts: ${reason}`)
  return undefined
}

function scoresOf(result: LighthouseResult): Scores {
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round((result.categories[category]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
  }
}

/** Binary audits of the scored categories that failed, by title, with the pages they failed on. */
function collectFailedAudits(result: LighthouseResult, page: string, failed: Map<string, Set<string>>) {
  for (const category of CATEGORIES) {
    for (const reference of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[reference.id]
      if (!audit || reference.weight === 0 || audit.score === null || audit.score >= 0.9) continue
      const title = `[${category}] ${audit.title}`
      failed.set(title, (failed.get(title) ?? new Set()).add(page))
    }
  }
}

/** Files under /assets/ that Lighthouse saw the page request as scripts. */
function observedScripts(result: LighthouseResult): Set<string> {
  const details = result.audits['network-requests']?.details as
    | { items?: { url?: string; resourceType?: string }[] }
    | undefined
  const files = new Set<string>()
  for (const item of details?.items ?? []) {
    if (item.resourceType !== 'Script' || !item.url) continue
    const pathname = new URL(item.url).pathname
    if (pathname.startsWith('/assets/')) files.add(pathname.slice(1))
  }
  return files
}

/** The scripts a page loads before it is interactive, as files of build/client, with their sizes. */
function firstLoadScripts(clientDir: string, page: string) {
  const htmlFile = path.join(clientDir, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`)
  const html = readFileSync(htmlFile, 'utf8')
  const pending = [
    ...[...html.matchAll(SCRIPT_SOURCE)].map((match) => match[1]!),
    ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!),
    ...[...html.matchAll(INLINE_MODULE)].flatMap((match) =>
      [...match[1]!.matchAll(STATIC_IMPORT)].map((found) => found[1]!),
    ),
  ].map((reference) => new URL(reference, 'http://app/').pathname.slice(1))
  const files = new Set<string>()
  while (pending.length > 0 && files.size < 1_000) {
    const file = pending.pop()!
    if (files.has(file) || !file.endsWith('.js') || !existsSync(path.join(clientDir, file))) continue
    files.add(file)
    const source = readFileSync(path.join(clientDir, file), 'utf8')
    for (const match of source.matchAll(STATIC_IMPORT)) {
      pending.push(new URL(match[1]!, `http://app/${file}`).pathname.slice(1))
    }
  }
  let rawBytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const content = readFileSync(path.join(clientDir, file))
    rawBytes += content.length
    gzipBytes += gzipSync(content).length
  }
  return { files: [...files].sort(), rawBytes, gzipBytes }
}
