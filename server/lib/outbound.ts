import { Resolver } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'

/**
 * The one client for every URL a customer gives us (a budget alert's webhook): it resolves the
 * name, refuses any address that is not on the public internet, connects to the address it checked
 * (the Host header and TLS name stay the URL's), never follows a redirect, and bounds the time and
 * the size of the answer. Docs: docs/decisions/023-outbound-client.md.
 */

export type OutboundSettings = {
  /** `host:port` of the DNS servers to ask; the system's when undefined. */
  dnsServers: readonly string[] | undefined
  /** Addresses or CIDR ranges accepted although not public (tests and development only). */
  allowedRanges: readonly string[]
  /** Production: https:// only. */
  httpsOnly: boolean
}

/** Why an address is no place for a customer's URL to lead. */
export type ReservedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'unique local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'

/** A URL the guard refuses: `scheme` (not http(s), or http in production), `address`, `unresolved`. */
export class OutboundRefusal extends Error {
  readonly reason: 'scheme' | 'address' | 'unresolved'
  readonly host: string
  /** The refused address (or name, for localhost). */
  readonly address: string | undefined
  constructor(reason: OutboundRefusal['reason'], host: string, address?: string, detail?: string) {
    super(
      reason === 'scheme'
        ? `Refused scheme for ${host}`
        : reason === 'unresolved'
          ? `${host} does not resolve${detail ? ` (${detail})` : ''}`
          : `${host} leads to ${address}${detail ? `, a ${detail} address` : ''}`,
    )
    this.name = 'OutboundRefusal'
    this.reason = reason
    this.host = host
    this.address = address
  }
}

// ---------------------------------------------------------------------------------------------
// Address classification

const EMBEDDED_IPV4 = 'embedded IPv4'
type Rule = readonly [prefix: string, length: number, range: ReservedRange | typeof EMBEDDED_IPV4]

/** The IPv4 special-purpose ranges (IANA registry) that are not globally reachable, first match wins. */
const IPV4_RULES: readonly Rule[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
]

/** IPv6: forms that carry an IPv4 address are judged by it; outside 2000::/3 nothing is public. */
const IPV6_RULES: readonly Rule[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, EMBEDDED_IPV4], // IPv4-mapped
  ['::', 96, 'reserved'], // IPv4-compatible (deprecated)
  ['::ffff:0:0:0', 96, 'reserved'], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, EMBEDDED_IPV4], // NAT64, well-known prefix
  ['64:ff9b:1::', 48, 'private'], // NAT64, local use
  ['100::', 64, 'reserved'], // discard-only
  ['2001:db8::', 32, 'documentation'],
  ['2001::', 23, 'reserved'], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ['2002::', 16, EMBEDDED_IPV4], // 6to4
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'], // site-local (deprecated)
  ['ff00::', 8, 'multicast'],
]

/** The range an IP address belongs to when it is not a public internet address; undefined when it is. */
export function reservedRangeOf(address: string): ReservedRange | undefined {
  const ip = parseIp(address)
  if (!ip) return 'reserved'
  return ip.version === 4 ? ipv4Range(ip.value) : ipv6Range(ip.value)
}

function ipv4Range(value: bigint): ReservedRange | undefined {
  const rule = IPV4_RULES.find(([prefix, length]) => inPrefix(value, 32, prefixValue(prefix), length))
  return rule?.[2] as ReservedRange | undefined
}

function ipv6Range(value: bigint): ReservedRange | undefined {
  const rule = IPV6_RULES.find(([prefix, length]) => inPrefix(value, 128, prefixValue(prefix), length))
  if (rule?.[2] === EMBEDDED_IPV4) {
    // 6to4 carries its IPv4 address in bits 16–47; the others in the last 32 bits.
    const embedded = rule[0] === '2002::' ? (value >> 80n) & 0xffff_ffffn : value & 0xffff_ffffn
    return ipv4Range(embedded)
  }
  if (rule) return rule[2] as ReservedRange
  const globalUnicast = inPrefix(value, 128, prefixValue('2000::'), 3)
  return globalUnicast ? undefined : 'reserved'
}

type ParsedIp = { version: 4 | 6; value: bigint }

/** A canonical or shortened textual address (as resolvers and the URL parser give them); no zone. */
export function parseIp(text: string): ParsedIp | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (net.isIPv4(address)) {
    return { version: 4, value: address.split('.').reduce((sum, part) => (sum << 8n) | BigInt(part), 0n) }
  }
  if (!net.isIPv6(address) || address.includes('%')) return undefined
  let words = address
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) becomes two hex words.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(words)
  if (dotted) {
    const v4 = parseIp(dotted[1]!)!.value
    words = `${words.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const [head = '', tail] = words.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  const all = [
    ...before,
    ...Array(tail === undefined ? 0 : 8 - before.length - after.length).fill('0'),
    ...after,
  ]
  return { version: 6, value: all.reduce((sum, word) => (sum << 16n) | BigInt(`0x${word}`), 0n) }
}

function prefixValue(prefix: string): bigint {
  return parseIp(prefix)!.value
}

function inPrefix(value: bigint, bits: number, prefix: bigint, length: number): boolean {
  const shift = BigInt(bits - length)
  return value >> shift === prefix >> shift
}

/** `a.b.c.d`, `a.b.c.d/n`, `x::y` or `x::y/n`; undefined when it is none of these. */
export function parseRange(text: string): { version: 4 | 6; value: bigint; length: number } | undefined {
  const [address = '', length, ...rest] = text.trim().split('/')
  const ip = parseIp(address)
  if (!ip || rest.length > 0) return undefined
  const bits = ip.version === 4 ? 32 : 128
  if (length !== undefined && !/^\d{1,3}$/.test(length)) return undefined
  const prefixLength = length === undefined ? bits : Number(length)
  if (prefixLength > bits) return undefined
  return { ...ip, length: prefixLength }
}

function isAllowed(settings: OutboundSettings, address: string): boolean {
  const ip = parseIp(address)
  if (!ip) return false
  return settings.allowedRanges.some((text) => {
    const range = parseRange(text)
    return (
      range?.version === ip.version &&
      inPrefix(ip.value, ip.version === 4 ? 32 : 128, range.value, range.length)
    )
  })
}

// ---------------------------------------------------------------------------------------------
// Checking a URL

export type CheckedDestination = {
  url: URL
  /** The checked addresses the connection may use, in the resolver's order. */
  addresses: { address: string; family: 4 | 6 }[]
}

const RESOLVE_TIMEOUT_MS = 3_000
const RESOLVE_TRIES = 2
const resolvers = new Map<string, Resolver>()

function resolverFor(settings: OutboundSettings): Resolver {
  const key = settings.dnsServers?.join(',') ?? ''
  let resolver = resolvers.get(key)
  if (!resolver) {
    resolver = new Resolver({ timeout: RESOLVE_TIMEOUT_MS, tries: RESOLVE_TRIES })
    if (settings.dnsServers) resolver.setServers([...settings.dnsServers])
    resolvers.set(key, resolver)
  }
  return resolver
}

/** Checks `text` as a destination: its scheme, then every address its host resolves to. */
export async function checkDestination(
  settings: OutboundSettings,
  text: string,
): Promise<CheckedDestination> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new OutboundRefusal('scheme', text)
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const schemes = settings.httpsOnly ? ['https:'] : ['http:', 'https:']
  if (!schemes.includes(url.protocol)) throw new OutboundRefusal('scheme', host)
  // The URL parser has already turned 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1.
  if (net.isIP(host)) {
    refuseUnlessPublic(settings, host, host)
    return { url, addresses: [{ address: host, family: net.isIPv6(host) ? 6 : 4 }] }
  }
  const name = host.replace(/\.$/, '').toLowerCase()
  if (name === 'localhost' || name.endsWith('.localhost'))
    throw new OutboundRefusal('address', host, 'localhost', 'loopback')
  const addresses = await resolve(settings, host)
  for (const { address } of addresses) refuseUnlessPublic(settings, host, address)
  return { url, addresses }
}

function refuseUnlessPublic(settings: OutboundSettings, host: string, address: string): void {
  const range = reservedRangeOf(address)
  if (range && !isAllowed(settings, address)) throw new OutboundRefusal('address', host, address, range)
}

/** Every A and AAAA address of the name; a name with none is refused. */
async function resolve(settings: OutboundSettings, host: string): Promise<CheckedDestination['addresses']> {
  const resolver = resolverFor(settings)
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ]
  if (addresses.length === 0) {
    const failure = [v4, v6].find((outcome) => outcome.status === 'rejected')
    const code = (failure?.reason as { code?: string } | undefined)?.code
    throw new OutboundRefusal('unresolved', host, undefined, code)
  }
  return addresses
}

// ---------------------------------------------------------------------------------------------
// Posting

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024

export type OutboundAnswer = { status: number; body: string }

/**
 * POSTs `body` to a customer's URL, checked again now, on a connection to the address checked.
 * A 3xx is returned as it is (never followed); an answer past `maxAnswerBytes` or `timeoutMs` throws.
 */
export async function postToCustomerUrl(
  settings: OutboundSettings,
  text: string,
  request: {
    headers: Record<string, string>
    body: string
    timeoutMs?: number
    maxAnswerBytes?: number
  },
): Promise<OutboundAnswer> {
  const { url, addresses } = await checkDestination(settings, text)
  const maxAnswerBytes = request.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
  const signal = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
  const transport = url.protocol === 'https:' ? https : http
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        // A fresh connection each time: a pooled one could have been opened to another address.
        agent: false,
        signal,
      },
      (answer) => {
        const chunks: Buffer[] = []
        let size = 0
        let tooLarge = false
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxAnswerBytes) {
            tooLarge = true
            answer.destroy()
          } else chunks.push(chunk)
        })
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        )
        answer.on('error', () => {})
        answer.on('close', () =>
          reject(
            tooLarge
              ? new Error(`The answer of ${url.host} is larger than ${maxAnswerBytes} bytes`)
              : signal.aborted
                ? new Error(`${url.host} did not answer within the time limit`)
                : new Error(`The connection to ${url.host} closed before the answer ended`),
          ),
        )
      },
    )
    outgoing.on('error', (error) =>
      reject(signal.aborted ? new Error(`${url.host} did not answer within the time limit`) : error),
    )
    outgoing.end(request.body)
  })
}
