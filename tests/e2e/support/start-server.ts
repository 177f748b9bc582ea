/**
 * Starts the real server for the browser tests on a fresh embedded PostgreSQL in a temporary
 * data folder, and removes the folder when the server has stopped.
 */
import { rmSync } from 'node:fs'
import {
  createDataDir,
  LOOPBACK_LIMITS,
  OFFLINE_RATES,
  spawnServerProcess,
} from '../../../scripts/server-process.ts'

const dataDir = createDataDir('clusterdeck-e2e-')

const server = spawnServerProcess(
  {
    NODE_ENV: 'test',
    PORT: process.env.PORT ?? '4310',
    APP_URL: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? '4310'}`,
    WEB_CLIENT_DIR: `${process.env.BUILD_DIR ?? 'build'}/client`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...LOOPBACK_LIMITS,
    // A cluster comes up in about five seconds: long enough to watch, short enough to test.
    PROVISIONING_SPEED: process.env.PROVISIONING_SPEED ?? '40',
    ...OFFLINE_RATES,
  },
  { stdio: 'inherit' },
)

const stop = (signal: NodeJS.Signals) => server.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
