import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../common/contract/client.ts'
import { durationMs, parseCommandLine } from './command.ts'
import { nodePoolOf } from './commands/clusters.ts'
import { readConfig, settingsOf, writeConfig } from './config.ts'
import { describeError, EXIT, exitCodeOf } from './errors.ts'
import {
  credentialExpiries,
  EXEC_REFRESH_MARGIN_MS,
  execCacheFile,
  execCredential,
  kubeconfigPath,
  mergeKubeconfig,
  readCachedCredential,
  writeCachedCredential,
} from './kubeconfig.ts'
import { formatList, outputFormatOf } from './output.ts'
import { COMMANDS, run } from './run.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-unit-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('argument parsing', () => {
  it('finds the command by its words and parses its options', () => {
    const parsed = parseCommandLine(
      ['clusters', 'scale', 'web', '--nodes', '4', '-w', '-o', 'json'],
      COMMANDS,
    )
    expect(parsed.kind).toBe('command')
    if (parsed.kind !== 'command') return
    expect(parsed.command.name).toBe('clusters scale')
    expect(parsed.positionals).toEqual(['web'])
    expect(parsed.values).toMatchObject({ nodes: '4', wait: true, output: 'json' })
  })

  it('answers --help on every command and group, and usage errors with exit code 2', async () => {
    for (const command of COMMANDS) {
      const parsed = parseCommandLine([...command.name.split(' '), '--help'], COMMANDS)
      expect(parsed.kind).toBe('help')
      if (parsed.kind === 'help') expect(parsed.text).toContain(`clusterdeck ${command.name}`)
    }
    expect(parseCommandLine(['clusters'], COMMANDS).kind).toBe('help')
    const out: string[] = []
    const io = {
      env: {},
      stdout: (text: string) => out.push(text),
      stderr: (text: string) => out.push(text),
      stderrIsTTY: false,
      readStdin: async () => '',
      self: { command: 'node', args: [] },
      sleep: async () => {},
    }
    expect(await run(['clusters', 'list', '--bogus'], io)).toBe(EXIT.usage)
    expect(await run(['clusters', 'get'], io)).toBe(EXIT.usage)
    expect(await run(['nothing'], io)).toBe(EXIT.usage)
    expect(await run(['clusters', 'list', '-o', 'xml'], io)).toBe(EXIT.usage)
    expect(await run(['clusters', 'list'], io)).toBe(EXIT.auth)
    expect(out.join('')).toContain('No API token')
  })

  it('reads durations and node pools', () => {
    expect(durationMs('90')).toBe(90_000)
    expect(durationMs('15m')).toBe(900_000)
    expect(() => durationMs('soon')).toThrow(/Invalid duration/)
    expect(nodePoolOf('workers:gp-4-16:3')).toMatchObject({ nodeCount: 3, autoscaling: { enabled: false } })
    expect(nodePoolOf('gpu:gpu-8:2:1-4').autoscaling).toEqual({ enabled: true, min: 1, max: 4 })
    expect(() => nodePoolOf('workers:3')).toThrow(/name:flavor:count/)
  })

  it('maps answers to exit codes and prints the message with the request id', () => {
    const error = new ApiError(401, 'Please sign in to continue', { requestId: 'abcd1234-1' })
    expect(exitCodeOf(error)).toBe(EXIT.auth)
    expect(exitCodeOf(new ApiError(403, 'x'))).toBe(EXIT.auth)
    expect(exitCodeOf(new ApiError(404, 'x'))).toBe(EXIT.notFound)
    expect(exitCodeOf(new ApiError(409, 'x'))).toBe(EXIT.server)
    expect(describeError(error)).toBe('Error: Please sign in to continue (HTTP 401)\nRequest id: abcd1234-1')
  })
})

describe('the config file', () => {
  it('is written 0600 and refused once group or others may read it', () => {
    const file = path.join(tempDir(), 'nested', 'config.json')
    writeConfig(file, { url: 'http://portal', token: 'cdk_abc' })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readConfig(file)).toEqual({ url: 'http://portal', token: 'cdk_abc' })
    expect(settingsOf({ CLUSTERDECK_CONFIG: file })).toMatchObject({ url: 'http://portal', token: 'cdk_abc' })
    chmodSync(file, 0o640)
    expect(() => readConfig(file)).toThrow(/readable by others/)
    chmodSync(file, 0o604)
    expect(() => settingsOf({ CLUSTERDECK_CONFIG: file })).toThrow(/chmod 600/)
    // The environment's token wins, and the file is not read then.
    expect(settingsOf({ CLUSTERDECK_CONFIG: file, CLUSTERDECK_TOKEN: 'cdk_env' }).token).toBe('cdk_env')
  })
})

describe('kubeconfig merge', () => {
  const existing = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name: 'web', cluster: { server: 'old' } },
      { name: 'keep', cluster: { server: 'k' } },
    ],
    users: [
      { name: 'dana@web', user: { token: 'old' } },
      { name: 'keep', user: { token: 'k' } },
    ],
    contexts: [
      { name: 'web', context: { cluster: 'web', user: 'dana@web' } },
      { name: 'keep', context: {} },
    ],
    'current-context': 'keep',
    preferences: { colors: true },
  }
  const incoming = {
    clusters: [
      { name: 'web', cluster: { server: 'new' } },
      { name: 'api', cluster: { server: 'a' } },
    ],
    users: [
      {
        name: 'dana@web',
        user: {
          token: 'new',
          extensions: [
            { name: 'clusterdeck.eu/credential', extension: { expiresAt: '2030-01-01T00:00:00.000Z' } },
          ],
        },
      },
    ],
    contexts: [{ name: 'web', context: { cluster: 'web', user: 'dana@web' } }],
    'current-context': 'web',
  }

  it('replaces same-named entries, keeps the rest in order, and keeps the current context unless asked', () => {
    const merged = mergeKubeconfig(existing, incoming)
    expect(merged.clusters).toEqual([
      { name: 'web', cluster: { server: 'new' } },
      { name: 'keep', cluster: { server: 'k' } },
      { name: 'api', cluster: { server: 'a' } },
    ])
    expect(merged.users?.map((user) => user.name)).toEqual(['dana@web', 'keep'])
    expect(merged['current-context']).toBe('keep')
    expect(merged.preferences).toEqual({ colors: true })
    expect(mergeKubeconfig(existing, incoming, { setContext: true })['current-context']).toBe('web')
    expect(mergeKubeconfig(undefined, incoming)['current-context']).toBe('web')
    expect(credentialExpiries(merged)).toEqual([{ user: 'dana@web', expiresAt: '2030-01-01T00:00:00.000Z' }])
  })

  it('writes to $KUBECONFIG’s first file, else ~/.kube/config', () => {
    expect(kubeconfigPath({ KUBECONFIG: `/a/one${path.delimiter}/b/two`, HOME: '/h' })).toBe('/a/one')
    expect(kubeconfigPath({ HOME: '/h' })).toBe('/h/.kube/config')
    expect(kubeconfigPath({ HOME: '/h' }, 'given')).toBe(path.resolve('given'))
  })
})

describe('the exec credential', () => {
  it('is an ExecCredential of client.authentication.k8s.io/v1 with its expiry', () => {
    expect(execCredential('cdk_x', '2030-01-01T10:00:00.123Z')).toEqual({
      apiVersion: 'client.authentication.k8s.io/v1',
      kind: 'ExecCredential',
      status: { token: 'cdk_x', expirationTimestamp: '2030-01-01T10:00:00Z' },
    })
  })

  it('is cached 0600 per server, token and cluster until near its expiry', () => {
    const env = { XDG_CACHE_HOME: tempDir() }
    const file = execCacheFile(env, 'http://portal', 'cdk_a', 'cluster-1')
    expect(execCacheFile(env, 'http://portal', 'cdk_b', 'cluster-1')).not.toBe(file)
    const now = Date.now()
    writeCachedCredential(file, { token: 'cdk_t', expiresAt: new Date(now + 3_600_000).toISOString() })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readCachedCredential(file, now)?.token).toBe('cdk_t')
    expect(readCachedCredential(file, now + 3_600_000 - EXEC_REFRESH_MARGIN_MS + 1)).toBeUndefined()
    writeFileSync(file, 'not json')
    expect(readCachedCredential(file, now)).toBeUndefined()
  })
})

describe('output formats', () => {
  const rows = [{ name: 'web', nodes: 3, tags: ['a', 'b'], none: null }]
  const columns = [
    ['Name', (row: (typeof rows)[number]) => row.name],
    ['Nodes', (row: (typeof rows)[number]) => row.nodes],
    ['Tags', (row: (typeof rows)[number]) => row.tags],
    ['None', (row: (typeof rows)[number]) => row.none],
  ] as const
  it('prints a table, JSON and YAML', () => {
    expect(formatList(rows, 'table', columns)).toBe('NAME  NODES  TAGS  NONE\nweb   3      a,b   -')
    expect(JSON.parse(formatList(rows, 'json', columns))).toEqual(rows)
    expect(formatList(rows, 'yaml', columns)).toContain('- name: web')
    expect(formatList([], 'table', columns)).toBe('No items.')
    expect(outputFormatOf(undefined)).toBe('table')
    expect(() => outputFormatOf('xml')).toThrow(/--output/)
  })
})
