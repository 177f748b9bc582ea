import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import type { Environment } from './config.ts'

/**
 * Kubeconfig files: the one to write ($KUBECONFIG's first file, else ~/.kube/config), merging a
 * downloaded one into it by name (clusters, users, contexts), the user entry that calls the exec
 * credential plugin, and the plugin's cache.
 */

type Named = { name: string; [key: string]: unknown }
export type KubeconfigDocument = {
  apiVersion?: string
  kind?: string
  clusters?: Named[]
  users?: Named[]
  contexts?: Named[]
  'current-context'?: string
  preferences?: Record<string, unknown>
  [key: string]: unknown
}

/** The extension of a Clusterdeck user entry that says when its credential ends. */
export const CREDENTIAL_EXTENSION = 'clusterdeck.eu/credential'

export function kubeconfigPath(env: Environment, given?: string): string {
  if (given) return path.resolve(given)
  const first = env.KUBECONFIG?.split(path.delimiter).find((entry) => entry.trim() !== '')
  if (first) return path.resolve(first)
  return path.join(env.HOME || os.homedir(), '.kube', 'config')
}

export function parseKubeconfig(text: string): KubeconfigDocument {
  const document = (parse(text) ?? {}) as unknown
  if (typeof document !== 'object' || Array.isArray(document) || document === null)
    throw new Error('not a kubeconfig: its top level is not a mapping')
  return document as KubeconfigDocument
}

function mergeNamed(existing: Named[] | undefined, incoming: Named[] | undefined): Named[] {
  const merged = [...(existing ?? [])]
  for (const entry of incoming ?? []) {
    const index = merged.findIndex((other) => other.name === entry.name)
    if (index === -1) merged.push(entry)
    else merged[index] = entry
  }
  return merged
}

/**
 * `incoming`'s clusters, users and contexts into `existing`: same-named entries replaced, the
 * others kept in their order. The current context moves only when asked or when there was none.
 */
export function mergeKubeconfig(
  existing: KubeconfigDocument | undefined,
  incoming: KubeconfigDocument,
  options: { setContext?: boolean } = {},
): KubeconfigDocument {
  const base = existing ?? {}
  const current = base['current-context']
  return {
    ...base,
    apiVersion: base.apiVersion ?? 'v1',
    kind: base.kind ?? 'Config',
    clusters: mergeNamed(base.clusters, incoming.clusters),
    users: mergeNamed(base.users, incoming.users),
    contexts: mergeNamed(base.contexts, incoming.contexts),
    'current-context':
      options.setContext || !current ? (incoming['current-context'] ?? current ?? '') : current,
    preferences: base.preferences ?? {},
  }
}

/** Writes a file owner-only (0600): beside it first, then renamed over it. */
export function writePrivateFile(file: string, text: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, text, { mode: 0o600 })
  chmodSync(partial, 0o600)
  renameSync(partial, file)
}

export function readKubeconfig(file: string): KubeconfigDocument | undefined {
  if (!existsSync(file)) return undefined
  const text = readFileSync(file, 'utf8')
  return text.trim() === '' ? undefined : parseKubeconfig(text)
}

/** When the credentials of a downloaded kubeconfig end, per user entry. */
export function credentialExpiries(document: KubeconfigDocument): { user: string; expiresAt: string }[] {
  return (document.users ?? []).flatMap((entry) => {
    const extensions = (entry.user as { extensions?: { name: string; extension?: { expiresAt?: string } }[] })
      ?.extensions
    const expiresAt = extensions?.find((extension) => extension.name === CREDENTIAL_EXTENSION)?.extension
      ?.expiresAt
    return expiresAt ? [{ user: entry.name, expiresAt }] : []
  })
}

export type ExecCredentialAnswer = {
  clusterName: string
  token: string
  expiresAt: string
  server: string
  certificateAuthorityData: string
  tlsServerName?: string | undefined
}

/**
 * A kubeconfig for one cluster whose user runs `clusterdeck kubeconfig exec-credential <id>`:
 * kubectl asks the plugin for a token whenever the last one ends.
 */
export function execKubeconfig(
  answer: ExecCredentialAnswer,
  clusterId: string,
  exec: { command: string; args: string[]; env: { name: string; value: string }[] },
): KubeconfigDocument {
  const userName = `clusterdeck@${answer.clusterName}`
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: answer.clusterName,
        cluster: {
          server: answer.server,
          ...(answer.tlsServerName ? { 'tls-server-name': answer.tlsServerName } : {}),
          'certificate-authority-data': answer.certificateAuthorityData,
        },
      },
    ],
    users: [
      {
        name: userName,
        user: {
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1',
            command: exec.command,
            args: [...exec.args, 'kubeconfig', 'exec-credential', clusterId],
            ...(exec.env.length > 0 ? { env: exec.env } : {}),
            interactiveMode: 'Never',
            provideClusterInfo: false,
          },
        },
      },
    ],
    contexts: [{ name: answer.clusterName, context: { cluster: answer.clusterName, user: userName } }],
    'current-context': answer.clusterName,
  }
}

/** What kubectl reads from the plugin's stdout. */
export function execCredential(token: string, expiresAt: string) {
  return {
    apiVersion: 'client.authentication.k8s.io/v1',
    kind: 'ExecCredential',
    status: { token, expirationTimestamp: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') },
  }
}

/** A cached credential is used until this long before it ends. */
export const EXEC_REFRESH_MARGIN_MS = 5 * 60_000

export function cacheDirectory(env: Environment): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), '.cache')
  return path.join(base, 'clusterdeck')
}

/** One cache file per server, API token and cluster: another token never reuses this one's credential. */
export function execCacheFile(env: Environment, url: string, apiToken: string, clusterId: string): string {
  const key = createHash('sha256').update(`${url}\n${apiToken}\n${clusterId}`).digest('hex').slice(0, 32)
  return path.join(cacheDirectory(env), 'exec-credentials', `${key}.json`)
}

export type CachedCredential = { token: string; expiresAt: string }

/** The cached credential while it has more than the margin left; nothing otherwise. */
export function readCachedCredential(file: string, now = Date.now()): CachedCredential | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Partial<CachedCredential>
    if (typeof cached.token !== 'string' || typeof cached.expiresAt !== 'string') return undefined
    if (new Date(cached.expiresAt).getTime() - now <= EXEC_REFRESH_MARGIN_MS) return undefined
    return { token: cached.token, expiresAt: cached.expiresAt }
  } catch {
    return undefined
  }
}

export function writeCachedCredential(file: string, credential: CachedCredential): void {
  writePrivateFile(file, JSON.stringify(credential))
}

export const stringifyKubeconfig = (document: KubeconfigDocument) => stringify(document)
