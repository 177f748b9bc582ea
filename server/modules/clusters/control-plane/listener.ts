import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls'
import { and, eq, like, ne, or } from 'drizzle-orm'
import type { ServerContext } from '#server/context.ts'
import { clusters } from '#server/db/schema/index.ts'
import { likeEscaped } from '#server/lib/like.ts'
import { openSecret } from '#server/lib/secrets.ts'
import { incrementBucket } from '#server/plugins/rate-limit.ts'
import { servingCertificate } from '#server/provisioning/index.ts'
import { reviewToken } from '../kubeconfig.ts'
import { answer } from './api.ts'
import { status, UNAUTHORIZED } from './discovery.ts'
import { clusterRow } from './objects.ts'

/**
 * The simulated clusters' Kubernetes API, on one TLS port for all of them. kubectl names the
 * cluster it wants in the TLS server name (the kubeconfig's `tls-server-name`, the cluster's
 * endpoint host): the handshake presents a serving certificate for that host, signed by that
 * cluster's own CA, which the kubeconfig carries. A cluster that is not up (hibernated, deleted,
 * not yet provisioned) or a name no cluster has gets its handshake refused, as a stopped API server
 * would be unreachable. Every request is authenticated with the token review of the Cluster API
 * path. docs/decisions/031-cluster-api-endpoint.md explains the choices.
 */

/** Statuses in which a cluster's API server answers (failed: when it got as far as an endpoint). */
const UP_STATUSES = ['running', 'scaling', 'updating', 'failed']
const HOST_CACHE_MS = 5_000
const MAX_CACHED = 1_000
const FAILED_REVIEWS_WINDOW_MS = 60_000
const MAX_BODY_BYTES = 64 * 1024

export type KubeApiListener = { port: number; close: () => Promise<void> }
export type KubeApiOptions = {
  port: number
  host: string
  /** How long a host's cluster is remembered (a hibernation takes effect within it). */
  hostCacheMs?: number
  /** Failed token reviews an address may cause per minute before it is answered 429. */
  failedReviewsPerMinute?: number
  log?: (message: string, fields?: Record<string, unknown>) => void
}

type HostEntry = { clusterId: string; up: boolean; caCertificate: string | null; caKey: string | null }

export function isUp(cluster: { status: string; endpoint: string | null }, hasKey: boolean): boolean {
  return UP_STATUSES.includes(cluster.status) && Boolean(cluster.endpoint) && hasKey
}

/** Starts the listener; `port: 0` picks a free port (tests). */
export async function startKubeApiListener(
  ctx: ServerContext,
  options: KubeApiOptions,
): Promise<KubeApiListener> {
  const hostCacheMs = options.hostCacheMs ?? HOST_CACHE_MS
  const failedReviewsPerMinute = options.failedReviewsPerMinute ?? 120
  const hosts = new Map<string, { at: number; entry: Promise<HostEntry | null> }>()
  const contexts = new Map<string, { caCertificate: string; context: SecureContext }>()
  const blockedUntil = new Map<string, number>()

  const lookUp = (host: string): Promise<HostEntry | null> => {
    const cached = hosts.get(host)
    if (cached && Date.now() - cached.at < hostCacheMs) return cached.entry
    const entry = findByHost(ctx, host)
    entry.catch(() => hosts.delete(host))
    if (hosts.size >= MAX_CACHED) hosts.delete(hosts.keys().next().value!)
    hosts.set(host, { at: Date.now(), entry })
    return entry
  }

  const contextFor = (host: string, entry: HostEntry): SecureContext => {
    const cached = contexts.get(host)
    if (cached && cached.caCertificate === entry.caCertificate) return cached.context
    const serving = servingCertificate({
      ca: { certificate: entry.caCertificate!, privateKey: openSecret(ctx.config.secretsKey, entry.caKey!) },
      hostNames: [host, 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc'],
    })
    const context = createSecureContext({ cert: serving.certificate, key: serving.privateKey })
    if (contexts.size >= MAX_CACHED) contexts.delete(contexts.keys().next().value!)
    contexts.set(host, { caCertificate: entry.caCertificate!, context })
    return context
  }

  const server: Server = createServer({
    // No certificate outside SNI: a client that names no cluster cannot complete a handshake.
    SNICallback: (servername, callback) => {
      const host = servername.toLowerCase()
      lookUp(host).then(
        (entry) => {
          if (!entry?.up) return callback(new Error(`no running cluster answers for ${host}`))
          callback(null, contextFor(host, entry))
        },
        (error: Error) => callback(error),
      )
    },
  })
  server.on('tlsClientError', (error) =>
    options.log?.('kube-api handshake refused', { reason: error.message }),
  )

  server.on('request', (request, response) => {
    const reply = (code: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      response.writeHead(code, {
        'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
        'cache-control': 'no-cache, private',
        'audit-id': randomUUID(),
        ...headers,
      })
      response.end(request.method === 'HEAD' ? undefined : text)
    }
    const handle = async () => {
      const body = await readBody(request)
      if (body === null) return reply(413, status(413, 'RequestEntityTooLarge', 'the request is too large'))
      const host = ((request.socket as TLSSocket).servername || '').toLowerCase()
      const entry = host ? await lookUp(host) : null
      if (!entry?.up) return request.socket.destroy()
      const address = request.socket.remoteAddress ?? 'unknown'
      const blocked = blockedUntil.get(address)
      if (blocked && blocked > Date.now())
        return reply(429, status(429, 'TooManyRequests', 'Too many requests, please try again later.', {}), {
          'retry-after': String(Math.ceil((blocked - Date.now()) / 1000)),
        })
      const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1]
      const [cluster, review] = await Promise.all([
        clusterRow(ctx.db, entry.clusterId),
        token
          ? reviewToken(ctx.db, entry.clusterId, token)
          : Promise.resolve({ authenticated: false as const }),
      ])
      if (!cluster || !isUp(cluster, Boolean(cluster.caKey))) return request.socket.destroy()
      if (!review.authenticated) {
        const counted = await incrementBucket(ctx.db, `kube-api-review:${address}`, FAILED_REVIEWS_WINDOW_MS)
        if (counted.current > failedReviewsPerMinute) blockedUntil.set(address, Date.now() + counted.ttl)
        return reply(401, UNAUTHORIZED)
      }
      const url = new URL(request.url ?? '/', 'https://kube-api.invalid')
      const result = await answer(ctx.db, {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        accept: request.headers.accept,
        cluster,
        user: review.user,
      })
      reply(result.status, result.body)
    }
    handle().catch((error: Error) => {
      options.log?.('kube-api request failed', { error: error.message })
      if (!response.headersSent)
        reply(
          500,
          status(500, 'InternalError', 'an error on the server has prevented the request from succeeding'),
        )
      else response.destroy()
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The live cluster whose endpoint is on this host, with what its handshake needs. */
async function findByHost(ctx: ServerContext, host: string): Promise<HostEntry | null> {
  const origin = `https://${host}`
  const [row] = await ctx.db
    .select({
      id: clusters.id,
      status: clusters.status,
      endpoint: clusters.endpoint,
      caCertificate: clusters.caCertificate,
      caKey: clusters.caKey,
    })
    .from(clusters)
    .where(
      and(
        or(eq(clusters.endpoint, origin), like(clusters.endpoint, `${likeEscaped(origin)}:%`)),
        ne(clusters.status, 'deleted'),
      ),
    )
    .limit(1)
  if (!row) return null
  return {
    clusterId: row.id,
    up: isUp(row, Boolean(row.caKey && row.caCertificate)),
    caCertificate: row.caCertificate,
    caKey: row.caKey,
  }
}

/** The request's body (SelfSubjectReview's is read and not needed); null when too large. */
function readBody(request: NodeJS.ReadableStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)))
    request.on('error', reject)
  })
}
