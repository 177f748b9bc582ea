/**
 * Starts the real server for the browser tests on a fresh embedded PostgreSQL in a temporary
 * data folder, and removes the folder when the server has stopped.
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-e2e-'))
// As root the database runs as the postgres user, which must be able to enter the folder.
chmodSync(dataDir, 0o755)

const server = spawn(process.execPath, ['server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    WEB_CLIENT_DIR: `${process.env.BUILD_DIR ?? 'build'}/client`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_PER_IP: '100000',
    LOGIN_MAX_FAILURES: '1000',
    // A cluster comes up in about five seconds: long enough to watch, short enough to test.
    PROVISIONING_SPEED: process.env.PROVISIONING_SPEED ?? '40',
    RATES_PRIMARY_URL: 'http://127.0.0.1:9/unreachable',
    RATES_BACKUP_URL: 'http://127.0.0.1:9/unreachable',
  },
})

const stop = (signal: NodeJS.Signals) => server.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
