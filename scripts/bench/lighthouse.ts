/**
 * Lighthouse on Debian's Chromium for `npm run bench:web`: one headless browser for the run, an
 * audit retried when its trace could not be recorded, and the figures the budget names.
 */
import path from 'node:path'
import lighthouse, { desktopConfig } from 'lighthouse'
import { type Bench, findFreePort, sleep } from './harness.ts'

export const PRESETS = ['mobile', 'desktop'] as const
export type Preset = (typeof PRESETS)[number]
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Scores = Record<(typeof CATEGORIES)[number], number>
export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
const AUDIT_ATTEMPTS = 3

export async function startChromium(bench: Bench): Promise<number> {
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
 * Puts the cookies of a `cookie` header (a signed-in person's session and its hint) in the
 * browser's own jar, after clearing it: the page's scripts see them in `document.cookie`, as in
 * a signed-in person's browser (a header Lighthouse adds to each request would reach the server
 * only). Lighthouse keeps cookies between its runs.
 */
async function useCookies(port: number, url: string, cookieHeader: string | undefined): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let id = 0
  const send = (method: string, params: object = {}) =>
    new Promise<void>((resolve, reject) => {
      const sent = ++id
      const onMessage = (event: MessageEvent) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } }
        if (answer.id !== sent) return
        socket.removeEventListener('message', onMessage)
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`))
        else resolve()
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id: sent, method, params }))
    })
  try {
    await send('Storage.clearCookies')
    const cookies = cookiesOfHeader(cookieHeader ?? '', url)
    if (cookies.length > 0) await send('Storage.setCookies', { cookies })
  } finally {
    socket.close()
  }
}

/**
 * The cookies of a `cookie` header, for a browser's jar at the page's origin. A `__Host-` or
 * `__Secure-` cookie is a secure one (localhost counts as a secure origin).
 */
export function cookiesOfHeader(
  cookieHeader: string,
  url: string,
): { name: string; value: string; url: string; secure: boolean }[] {
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const secure = name.startsWith('__Host-') || name.startsWith('__Secure-')
      return { name, value: pair.slice(at + 1), url: new URL(url).origin, secure }
    })
}

/**
 * One Lighthouse run, tried again when the trace could not be recorded (which happens on a busy
 * machine); undefined when every attempt failed. `headers.cookie` is the signed-in person's
 * cookies (in the browser's jar for the run); other headers go with every request of the page.
 */
export async function audit(
  url: string,
  port: number,
  preset: Preset,
  headers: Record<string, string> = {},
): Promise<LighthouseResult | undefined> {
  const { cookie, ...extraHeaders } = headers
  await useCookies(port, url, cookie)
  let reason = ''
  for (let attempt = 1; attempt <= AUDIT_ATTEMPTS; attempt++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...(Object.keys(extraHeaders).length > 0 ? { extraHeaders } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (result && !result.lhr.runtimeError) return result.lhr
    reason = result?.lhr.runtimeError?.code ?? 'no result'
    process.stdout.write(` (attempt ${attempt}: ${reason})`)
  }
  console.log(` failed after ${AUDIT_ATTEMPTS} attempts: ${reason}`)
  return undefined
}

export function scoresOf(result: LighthouseResult): Scores {
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round((result.categories[category]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
  }
}

/** The budget's lab figures of one run: blocking time, layout shift, largest paint, scripts sent. */
export function metricsOf(result: LighthouseResult) {
  const value = (id: string) => result.audits[id]?.numericValue ?? Number.NaN
  let scriptBytes = 0
  for (const item of networkRequests(result))
    if (item.resourceType === 'Script') scriptBytes += item.transferSize ?? 0
  return {
    totalBlockingTimeMs: value('total-blocking-time'),
    cumulativeLayoutShift: value('cumulative-layout-shift'),
    largestContentfulPaintMs: value('largest-contentful-paint'),
    scriptTransferBytes: scriptBytes,
  }
}

/** Binary audits of the scored categories that failed, by title, with the pages they failed on. */
export function collectFailedAudits(
  result: LighthouseResult,
  page: string,
  failed: Map<string, Set<string>>,
) {
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
export function observedScripts(result: LighthouseResult): Set<string> {
  const files = new Set<string>()
  for (const item of networkRequests(result)) {
    if (item.resourceType !== 'Script' || !item.url) continue
    const pathname = new URL(item.url).pathname
    if (pathname.startsWith('/assets/')) files.add(pathname.slice(1))
  }
  return files
}

type NetworkRequest = { url?: string; resourceType?: string; transferSize?: number }

function networkRequests(result: LighthouseResult): NetworkRequest[] {
  const details = result.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined
  return details?.items ?? []
}

/** The median of the numbers (the lower middle of an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}
