import http from 'node:http'
import type { AddressInfo } from 'node:net'
import tls from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DnsServer, startDnsServer } from '#tests/helpers/dns-server.ts'
import {
  checkDestination,
  OutboundRefusal,
  type OutboundSettings,
  parseRange,
  postToCustomerUrl,
  reservedRangeOf,
} from './outbound.ts'

const PUBLIC_V4 = '93.184.215.14'
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

let dns: DnsServer
let settings: OutboundSettings
beforeAll(async () => {
  dns = await startDnsServer({
    'good.test': { A: [PUBLIC_V4], AAAA: [PUBLIC_V6] },
    'evil.test': { A: ['127.0.0.1'] },
    'evil6.test': { AAAA: ['::1'] },
    'mixed.test': { A: [PUBLIC_V4, '10.0.0.7'] },
    'mapped.test': { AAAA: ['::ffff:a9fe:a9fe'] },
  })
  settings = { dnsServers: [dns.address], allowedRanges: [], httpsOnly: false }
})
afterAll(() => dns.close())

async function refusalOf(url: string, options: Partial<OutboundSettings> = {}) {
  try {
    await checkDestination({ ...settings, ...options }, url)
  } catch (error) {
    if (error instanceof OutboundRefusal) return error
    throw error
  }
  throw new Error(`${url} was accepted`)
}

describe('reservedRangeOf', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.88.99.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::c0a8:101', 'private'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::', 'private'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'unique local'],
    ['fd00::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved'],
    ['fe80::1%eth0', 'reserved'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, range) => {
    expect(reservedRangeOf(address)).toBe(range)
  })

  it.each([
    PUBLIC_V4,
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.0.1.255',
    '223.255.255.255',
    PUBLIC_V6,
    '2a00:1450:4007:80e::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(reservedRangeOf(address)).toBeUndefined()
  })
})

describe('checkDestination', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7F.0.0.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://０x7f000001/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::1]/', '::1'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://[64:ff9b::169.254.169.254]/', '64:ff9b::a9fe:a9fe'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://10.0.0.1/', '10.0.0.1'],
    ['http://172.16.0.1/', '172.16.0.1'],
    ['http://192.168.0.1/', '192.168.0.1'],
    ['http://100.64.0.1/', '100.64.0.1'],
    ['http://[fd00::1]/', 'fd00::1'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['http://255.255.255.255/', '255.255.255.255'],
    ['http://224.0.0.1/', '224.0.0.1'],
  ])('refuses %s (%s)', async (url, address) => {
    const refusal = await refusalOf(url)
    expect(refusal.reason).toBe('address')
    expect(refusal.address).toBe(address)
  })

  it.each(['http://localhost/', 'http://LOCALHOST./', 'http://api.localhost/'])(
    'refuses %s by its name',
    async (url) => {
      expect(await refusalOf(url)).toMatchObject({ reason: 'address', address: 'localhost' })
    },
  )

  it('refuses names that resolve to a reserved address, whichever of their addresses it is', async () => {
    expect(await refusalOf('https://evil.test/hook')).toMatchObject({
      reason: 'address',
      address: '127.0.0.1',
    })
    expect(await refusalOf('https://EVIL.test./hook')).toMatchObject({
      reason: 'address',
      address: '127.0.0.1',
    })
    expect(await refusalOf('https://evil6.test/')).toMatchObject({ reason: 'address', address: '::1' })
    expect(await refusalOf('https://mixed.test/')).toMatchObject({ reason: 'address', address: '10.0.0.7' })
    expect(await refusalOf('https://mapped.test/')).toMatchObject({
      reason: 'address',
      address: '::ffff:169.254.169.254',
    })
  })

  it('refuses a name that does not resolve, and schemes other than http(s)', async () => {
    expect(await refusalOf('https://nowhere.test/')).toMatchObject({ reason: 'unresolved' })
    expect(await refusalOf('ftp://good.test/')).toMatchObject({ reason: 'scheme' })
    expect(await refusalOf('file:///etc/passwd')).toMatchObject({ reason: 'scheme' })
    expect(await refusalOf('not a url')).toMatchObject({ reason: 'scheme' })
    expect(await refusalOf('http://good.test/', { httpsOnly: true })).toMatchObject({ reason: 'scheme' })
  })

  it('accepts a public name with every address it resolves to, and public literals', async () => {
    const checked = await checkDestination(settings, 'https://good.test/hooks?x=1')
    expect(checked.url.host).toBe('good.test')
    expect(checked.addresses).toEqual([
      { address: PUBLIC_V4, family: 4 },
      { address: PUBLIC_V6, family: 6 },
    ])
    expect((await checkDestination(settings, `http://${PUBLIC_V4}:8443/`)).addresses).toEqual([
      { address: PUBLIC_V4, family: 4 },
    ])
    expect((await checkDestination(settings, `https://[${PUBLIC_V6}]/`)).addresses).toEqual([
      { address: PUBLIC_V6, family: 6 },
    ])
  })

  it('accepts a reserved address only inside the allowed ranges', async () => {
    const allowing = { ...settings, allowedRanges: ['127.0.0.2', '10.1.0.0/16'] }
    await expect(checkDestination(allowing, 'http://127.0.0.2:9/')).resolves.toBeTruthy()
    await expect(checkDestination(allowing, 'http://10.1.200.3/')).resolves.toBeTruthy()
    await expect(checkDestination(allowing, 'http://127.0.0.1/')).rejects.toThrow(OutboundRefusal)
    await expect(checkDestination(allowing, 'http://10.2.0.1/')).rejects.toThrow(OutboundRefusal)
    await expect(checkDestination(allowing, 'http://[::ffff:127.0.0.2]/')).rejects.toThrow(OutboundRefusal)
  })
})

describe('parseRange', () => {
  it('reads addresses and CIDR ranges, and nothing else', () => {
    expect(parseRange('10.0.0.0/8')).toMatchObject({ version: 4, length: 8 })
    expect(parseRange('127.0.0.2')).toMatchObject({ version: 4, length: 32 })
    expect(parseRange('fd00::/8')).toMatchObject({ version: 6, length: 8 })
    for (const text of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', 'localhost', '::1/129', '10.0.0.0/-1'])
      expect(parseRange(text), text).toBeUndefined()
  })
})

describe('postToCustomerUrl', () => {
  let receiver: http.Server
  let port: number
  const hits: { host: string | undefined; url: string | undefined }[] = []
  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      hits.push({ host: request.headers.host, url: request.url })
      request.resume()
      if (request.url === '/big') response.end('x'.repeat(200_000))
      else if (request.url === '/redirect') response.writeHead(302, { location: 'http://127.0.0.1/' }).end()
      else response.writeHead(204).end()
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.2', resolve))
    port = (receiver.address() as AddressInfo).port
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })
  const post = (url: string, options: Partial<OutboundSettings> = {}) =>
    postToCustomerUrl({ ...settings, allowedRanges: ['127.0.0.2'], ...options }, url, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })

  it('connects to the address it checked, with the URL’s Host header', async () => {
    dns.set('pinned.test', { A: ['127.0.0.2'] })
    expect(await post(`http://pinned.test:${port}/hook`)).toEqual({ status: 204, body: '' })
    expect(hits.at(-1)).toEqual({ host: `pinned.test:${port}`, url: '/hook' })
  })

  it('refuses before connecting once the name resolves to a refused address', async () => {
    dns.set('pinned.test', { A: ['127.0.0.1'] })
    const before = hits.length
    await expect(post(`http://pinned.test:${port}/hook`)).rejects.toThrow(OutboundRefusal)
    expect(hits).toHaveLength(before)
  })

  it('over TLS, names the URL’s host (SNI) while connecting to the address it checked', async () => {
    const names: string[] = []
    const tlsServer = tls.createServer({
      SNICallback: (servername, callback) => {
        names.push(servername)
        callback(new Error('no certificate here'))
      },
    })
    tlsServer.on('tlsClientError', () => {})
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.2', resolve))
    dns.set('tls.test', { A: ['127.0.0.2'] })
    const tlsPort = (tlsServer.address() as AddressInfo).port
    await expect(post(`https://tls.test:${tlsPort}/hook`)).rejects.toThrow()
    await new Promise((resolve) => tlsServer.close(resolve))
    expect(names).toEqual(['tls.test'])
  })

  it('returns a redirect without following it, and caps the answer’s size', async () => {
    expect((await post(`http://127.0.0.2:${port}/redirect`)).status).toBe(302)
    await expect(post(`http://127.0.0.2:${port}/big`)).rejects.toThrow(/larger than 65536 bytes/)
  })
})
