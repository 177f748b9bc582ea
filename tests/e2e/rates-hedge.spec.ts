import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createDataDir,
  isReady,
  LOOPBACK_LIMITS,
  pollUntil,
  spawnServerProcess,
  stopServerProcess,
} from '../../scripts/server-process.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * A primary rates service that hangs: the server asks the backup after 1.5 s, so /currency-test
 * shows the backup's rates before the browser's own 5 s time-out. Its own server process, because
 * every other browser test counts on the shared server having no rates service at all.
 */

const HEDGE_PORT = Number(process.env.E2E_PORT ?? 4310) + 7
let rates: http.Server
let server: ChildProcess
let dataDir: string
const held = new Set<http.ServerResponse>()

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rates = http.createServer((request, response) => {
    // The primary never answers; the backup answers at once.
    if (request.url?.startsWith('/primary')) return void held.add(response)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ rates: { EUR: 0.9123, GBP: 0.7777 }, date: '2026-11-26' }))
  })
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve))
  const ratesUrl = `http://127.0.0.1:${(rates.address() as AddressInfo).port}`
  dataDir = createDataDir('clusterdeck-e2e-rates-')
  server = spawnServerProcess({
    NODE_ENV: 'test',
    PORT: String(HEDGE_PORT),
    APP_URL: `http://localhost:${HEDGE_PORT}`,
    WEB_CLIENT_DIR: `${process.env.BUILD_DIR ?? 'build'}/client`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...LOOPBACK_LIMITS,
    RATES_PRIMARY_URL: `${ratesUrl}/primary`,
    RATES_BACKUP_URL: `${ratesUrl}/backup`,
  })
  const ready = await pollUntil(() => isReady(`http://localhost:${HEDGE_PORT}`), {
    timeoutMs: 90_000,
    child: server,
  })
  expect(ready, 'the server with local rate services started').toBe(true)
})

test.afterAll(async () => {
  for (const response of held) response.destroy()
  await stopServerProcess(server)
  await new Promise((resolve) => rates.close(resolve))
  rmSync(dataDir, { recursive: true, force: true })
})

test('a hanging primary rates service: the page shows the backup’s rates before the browser gives up', async ({
  page,
}) => {
  // The primary never answers: the backup's rates on the page, not the browser's own time-out
  // error, say the server hedged in time.
  await page.goto(`http://localhost:${HEDGE_PORT}/currency-test`)
  await expect(page.getByTestId('rates-source')).toHaveText('Backup rates service', { timeout: 30_000 })
  await expect(page.getByTestId('rate-EUR')).toContainText('0.9123')
  await expect(page.getByTestId('rate-GBP')).toContainText('0.7777')
})
