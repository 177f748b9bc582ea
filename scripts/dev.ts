/**
 * `npm run dev`: the server with reload on changes (port 3001) behind Vite's dev server with hot
 * module replacement (port 3000, which passes /api, /ws and /dev/mailbox to the server).
 */
import { type ChildProcess, spawn } from 'node:child_process'

const webPort = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const appUrl = process.env.APP_URL ?? `http://localhost:${webPort}`

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=common', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', APP_URL: appUrl },
  }),
  spawn('react-router', ['dev', '--port', webPort], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', () => {
    stop()
    process.exitCode = child.exitCode ?? 0
  })
}
