#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
import { run } from './run.ts'

/** `clusterdeck`: the command-line client of the portal (docs/cli.md). */
const readStdin = async () => {
  if (process.stdin.isTTY) return ''
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const code = await run(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  readStdin,
  self: { command: process.execPath, args: [fileURLToPath(import.meta.url)] },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
})
process.exitCode = code
