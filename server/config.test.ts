import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const SECRET = 'a-session-secret-of-at-least-32-characters'
const temporaryFolders: string[] = []

function temporaryDataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-config-'))
  temporaryFolders.push(folder)
  return folder
}

afterEach(() => {
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The ConfigError a bad environment throws (fails when none is thrown). */
function configErrorFor(environment: Record<string, string>): ConfigError {
  try {
    loadConfig({ SESSION_SECRET: SECRET, ...environment })
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(environment)}`)
}

describe('loadConfig', () => {
  it('defaults to development on port 3000 with the app at http://localhost:3000', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET })
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      devRoutes: true,
      appUrl: 'http://localhost:3000',
      appOrigin: 'http://localhost:3000',
      kubeApi: { port: 6443, url: 'https://localhost:6443' },
      databaseUrl: undefined,
      smtpUrl: undefined,
      sessionSecret: SECRET,
      trustProxy: false,
      rateLimit: { perIp: 30, windowSeconds: 900 },
      leadRateLimit: { perIp: 5, windowSeconds: 600 },
      salesInbox: { email: 'sales@clusterdeck.eu', language: 'en' },
      loginLockout: { maxFailures: 10, windowSeconds: 900 },
    })
    expect(path.isAbsolute(config.dataDir)).toBe(true)
  })

  it("serves the simulated clusters' Kubernetes API where KUBE_API_PORT and KUBE_API_URL say", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, KUBE_API_PORT: '7443' }).kubeApi).toEqual({
      port: 7443,
      url: 'https://localhost:7443',
    })
    expect(
      loadConfig({ SESSION_SECRET: SECRET, KUBE_API_URL: 'https://kube.clusterdeck.eu:443/' }).kubeApi,
    ).toEqual({ port: 6443, url: 'https://kube.clusterdeck.eu:443' })
    expect(configErrorFor({ KUBE_API_URL: 'http://kube.clusterdeck.eu' }).message).toMatch(/KUBE_API_URL/)
  })

  it('listens on loopback with the development routes outside production, on every interface without them in production', () => {
    const key = Buffer.alloc(32, 1).toString('base64')
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: 'production', SECRETS_KEY: key })).toMatchObject({
      host: '0.0.0.0',
      devRoutes: false,
    })
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ SESSION_SECRET: SECRET, HOST: host }).devRoutes, host).toBe(true)
    }
    // A development server reachable from elsewhere serves no development route (M9).
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'devbox.example.com']) {
      expect(loadConfig({ SESSION_SECRET: SECRET, HOST: host }), host).toMatchObject({
        host,
        devRoutes: false,
      })
    }
    const loopbackInProduction = { NODE_ENV: 'production', SECRETS_KEY: key, HOST: '127.0.0.1' }
    expect(loadConfig({ SESSION_SECRET: SECRET, ...loopbackInProduction }).devRoutes).toBe(false)
  })

  it('trusts X-Forwarded-For from the addresses and CIDR ranges TRUST_PROXY names, and from nobody by default', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(
      loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fc00::/7,::1,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fc00::/7', '::1', 'loopback'])
  })

  it.each([
    ['true', "true would take any client's X-Forwarded-For"],
    ['1', 'a number of proxies cannot tell a proxy from a client'],
    ['10.0.0.0/33', '"10.0.0.0/33" is not an address or CIDR range'],
    ['10.0.0.0/8,proxy.internal', '"proxy.internal" is not an address or CIDR range'],
  ])('refuses TRUST_PROXY=%s at start-up, saying what to give instead (M1)', (value, reason) => {
    const error = configErrorFor({ TRUST_PROXY: value })
    expect(
      error.message.startsWith(`Invalid environment variable TRUST_PROXY: ${reason}`),
      error.message,
    ).toBe(true)
    expect(error.message).toContain('addresses')
    expect(error.message).not.toContain('\n')
  })

  it('derives APP_URL from PORT, and takes an explicit one without its trailing slash', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, PORT: '8080' }).appUrl).toBe('http://localhost:8080')
    const config = loadConfig({ SESSION_SECRET: SECRET, APP_URL: 'https://portal.example.eu/' })
    expect(config.appUrl).toBe('https://portal.example.eu')
    expect(config.appOrigin).toBe('https://portal.example.eu')
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PORT: '', DATABASE_URL: '', SMTP_URL: '' })
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
  })

  it('accepts postgres:// and postgresql:// database URLs and smtp(s):// mail URLs', () => {
    for (const url of ['postgres://u:p@db:5432/app', 'postgresql://db/app']) {
      expect(loadConfig({ SESSION_SECRET: SECRET, DATABASE_URL: url }).databaseUrl).toBe(url)
    }
    for (const url of ['smtp://mail:25', 'smtps://user:pass@mail:465']) {
      expect(loadConfig({ SESSION_SECRET: SECRET, SMTP_URL: url }).smtpUrl).toBe(url)
    }
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'localhost:5432'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['APP_URL', 'not a url'],
    ['APP_URL', 'ftp://portal.example.eu'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['RATE_LIMIT_PER_IP', '0'],
    ['LEAD_RATE_LIMIT_PER_IP', '0'],
    ['SALES_INBOX', 'sales at clusterdeck'],
    ['SESSION_SECRET', 'too-short'],
  ])('refuses %s=%s with a one-line ConfigError naming the variable', (name, value) => {
    const error = configErrorFor({ [name]: value })
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: \\S`))
    expect(error.message).not.toContain('\n')
  })

  it('requires SESSION_SECRET and SECRETS_KEY in production', () => {
    const key = Buffer.alloc(32, 1).toString('base64')
    const error = configErrorFor({ NODE_ENV: 'production', SESSION_SECRET: '', SECRETS_KEY: key })
    expect(error.message).toBe('Invalid environment variable SESSION_SECRET: required in production')
    expect(configErrorFor({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).message).toBe(
      'Invalid environment variable SECRETS_KEY: required in production',
    )
    expect(configErrorFor({ SECRETS_KEY: 'c2hvcnQ=' }).message).toBe(
      'Invalid environment variable SECRETS_KEY: must be 32 bytes in base64',
    )
    const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SECRETS_KEY: key })
    expect(production.isProduction).toBe(true)
    expect(production.secretsKey.equals(Buffer.alloc(32, 1))).toBe(true)
  })

  it('refuses OUTBOUND_ALLOW_ADDRESSES in production, and reads the outbound guard’s settings', () => {
    const key = Buffer.alloc(32, 1).toString('base64')
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, SECRETS_KEY: key }
    expect(configErrorFor({ ...production, OUTBOUND_ALLOW_ADDRESSES: '127.0.0.1' }).message).toMatch(
      /^Invalid environment variable OUTBOUND_ALLOW_ADDRESSES: not allowed in production/,
    )
    expect(loadConfig(production).outbound).toEqual({
      dnsServers: undefined,
      allowedRanges: [],
      httpsOnly: true,
    })
    expect(
      loadConfig({
        SESSION_SECRET: SECRET,
        OUTBOUND_ALLOW_ADDRESSES: '127.0.0.2, 10.1.0.0/16,fd00::/8',
        OUTBOUND_DNS_SERVERS: '127.0.0.1:5353,[::1]:53,9.9.9.9',
      }).outbound,
    ).toEqual({
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'],
      allowedRanges: ['127.0.0.2', '10.1.0.0/16', 'fd00::/8'],
      httpsOnly: false,
    })
    for (const [name, value] of [
      ['OUTBOUND_ALLOW_ADDRESSES', '127.0.0.1/33'],
      ['OUTBOUND_ALLOW_ADDRESSES', 'localhost'],
      ['OUTBOUND_DNS_SERVERS', 'dns.example.com'],
      ['OUTBOUND_DNS_SERVERS', '127.0.0.1:99999'],
    ] as const)
      expect(configErrorFor({ [name]: value }).message).toMatch(
        new RegExp(`^Invalid environment variable ${name}: \\S`),
      )
  })

  it('outside production derives the secrets key from the session secret, the same on every start', () => {
    const first = loadConfig({ SESSION_SECRET: SECRET })
    expect(first.secretsKey).toHaveLength(32)
    expect(loadConfig({ SESSION_SECRET: SECRET }).secretsKey.equals(first.secretsKey)).toBe(true)
  })

  it('outside production generates a session secret once and keeps it under DATA_DIR', () => {
    const dataDir = path.join(temporaryDataDir(), 'nested', 'data')
    const first = loadConfig({ DATA_DIR: dataDir })
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dataDir, 'session-secret')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret)
    expect(statSync(file).mode & 0o777).toBe(0o600)

    const second = loadConfig({ DATA_DIR: dataDir })
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(second.dataDir).toBe(path.resolve(dataDir))

    const other = loadConfig({ DATA_DIR: temporaryDataDir() })
    expect(other.sessionSecret).not.toBe(first.sessionSecret)
  })

  it('replaces a kept session secret that is empty or too short', () => {
    const dataDir = temporaryDataDir()
    writeFileSync(path.join(dataDir, 'session-secret'), '\n')
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret)
  })

  it('prefers SESSION_SECRET over a kept one and writes nothing then', () => {
    const dataDir = temporaryDataDir()
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET)
    expect(() => statSync(path.join(dataDir, 'session-secret'))).toThrow()
  })

  it('names DATA_DIR in one line when the secret cannot be kept there', () => {
    const dataDir = temporaryDataDir()
    const blocker = path.join(dataDir, 'a-file')
    writeFileSync(blocker, '')
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: path.join(blocker, 'data') })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toMatch(/^Invalid environment variable DATA_DIR: /)
    expect((error as ConfigError).message).not.toContain('\n')
  })

  it('asks the clusterapi driver for the settings the providers’ CRDs require, and renders v1beta2 unless told v1beta1', () => {
    expect(configErrorFor({ PROVISIONING_DRIVER: 'clusterapi' }).message).toBe(
      'Invalid environment variable CLUSTERAPI_SCALEWAY_PROJECT_ID: required with PROVISIONING_DRIVER=clusterapi (Cluster API Provider Scaleway (CAPS) needs it: ScalewayCluster requires spec.projectID)',
    )
    const project = '3f1c2b9e-5d4a-4c3b-9a8e-7f6d5c4b3a21'
    expect(
      configErrorFor({ PROVISIONING_DRIVER: 'clusterapi', CLUSTERAPI_SCALEWAY_PROJECT_ID: project }).message,
    ).toMatch(
      /^Invalid environment variable CLUSTERAPI_DIGITALOCEAN_SSH_KEYS: required with PROVISIONING_DRIVER=clusterapi/,
    )
    expect(configErrorFor({ CLUSTERAPI_SCALEWAY_PROJECT_ID: 'my-project' }).message).toMatch(
      /^Invalid environment variable CLUSTERAPI_SCALEWAY_PROJECT_ID: /,
    )
    expect(configErrorFor({ CLUSTERAPI_API_VERSIONS: 'v1alpha4' }).message).toMatch(
      /^Invalid environment variable CLUSTERAPI_API_VERSIONS: /,
    )

    const config = loadConfig({
      SESSION_SECRET: SECRET,
      DATA_DIR: temporaryDataDir(),
      PROVISIONING_DRIVER: 'clusterapi',
      CLUSTERAPI_SCALEWAY_PROJECT_ID: project,
      CLUSTERAPI_DIGITALOCEAN_SSH_KEYS: '41887623, 3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa',
    })
    expect(config.provisioning.clusterApi).toEqual({
      generation: 'v1beta2',
      providers: {
        scalewayProjectId: project,
        digitalOceanSshKeys: [41887623, '3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa'],
      },
    })
    // The simulated driver needs none of them.
    expect(
      loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: temporaryDataDir() }).provisioning.clusterApi,
    ).toEqual({
      generation: 'v1beta2',
      providers: { scalewayProjectId: undefined, digitalOceanSshKeys: undefined },
    })
  })
})
