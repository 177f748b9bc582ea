import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { kubeBinaries } from '#tests/helpers/kube-binaries.ts'

/** The Helm chart checked by the real `helm` (v4): lint, then the manifests it renders. */

const CHART = 'deploy/helm/clusterdeck'
const PRODUCTION_VALUES = `${CHART}/values-production.example.yaml`

type Probe = { httpGet: unknown }
type EnvVariable = { name: string; value?: string; valueFrom?: { secretKeyRef: unknown } }
type Container = {
  args: string[]
  image: string
  env: EnvVariable[]
  ports: unknown
  resources: { requests: unknown }
  securityContext: unknown
  volumeMounts: { mountPath: string }[]
  livenessProbe: Probe
  startupProbe: Probe
  readinessProbe: Probe
}
/** The fields of the rendered kinds that the tests read. */
type Manifest = {
  kind: string
  metadata: { name: string; annotations?: Record<string, string> }
  spec: {
    replicas?: number
    strategy?: unknown
    template: { spec: { containers: Container[]; securityContext: unknown; restartPolicy?: string } }
    selector: Record<string, string>
    tls?: unknown
    rules: { host: string; http: { paths: { backend: { service: unknown } }[] } }[]
    scaleTargetRef?: unknown
    minReplicas?: number
    maxReplicas?: number
    minAvailable?: number
    ingress?: unknown
  }
}
let helm: string

beforeAll(() => {
  helm = kubeBinaries().helm
}, 60_000)

function runHelm(...args: string[]) {
  const result = spawnSync(helm, args, { encoding: 'utf8' })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

function render(...args: string[]): Manifest[] {
  const result = runHelm('template', 'portal', CHART, '--namespace', 'clusterdeck', ...args)
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null)
}

const named = (manifests: Manifest[], kind: string, name: string) => {
  const manifest = manifests.find((item) => item.kind === kind && item.metadata.name === name)
  if (!manifest) throw new Error(`no ${kind} ${name} in ${manifests.map((item) => item.kind).join(', ')}`)
  return manifest
}
const containerOf = (workload: Manifest): Container => {
  const [container] = workload.spec.template.spec.containers
  if (!container) throw new Error(`${workload.metadata.name} has no container`)
  return container
}

describe('helm lint', () => {
  it('passes --strict over the default values and the production example', () => {
    for (const values of [[], ['-f', PRODUCTION_VALUES]]) {
      const result = runHelm('lint', '--strict', CHART, ...values)
      expect(result.stdout).toContain('1 chart(s) linted, 0 chart(s) failed')
      expect(result.status).toBe(0)
    }
  })
})

describe('helm template, default values', () => {
  let manifests: Manifest[]
  beforeAll(() => {
    manifests = render()
  })

  it('renders web and worker Deployments, Service, Ingress, HPA, PDBs, NetworkPolicies and the migrations Job', () => {
    expect(manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`).sort()).toEqual([
      'Deployment/portal-clusterdeck-web',
      'Deployment/portal-clusterdeck-worker',
      'HorizontalPodAutoscaler/portal-clusterdeck-web',
      'Ingress/portal-clusterdeck',
      'Job/portal-clusterdeck-migrations',
      'NetworkPolicy/portal-clusterdeck-web',
      'NetworkPolicy/portal-clusterdeck-worker',
      'PodDisruptionBudget/portal-clusterdeck-web',
      'PodDisruptionBudget/portal-clusterdeck-worker',
      'Service/portal-clusterdeck',
    ])
  })

  it('probes the web pods on /healthz and /readyz and runs them as --role=web, read-only and unprivileged', () => {
    const web = named(manifests, 'Deployment', 'portal-clusterdeck-web')
    const container = containerOf(web)
    expect(container.args).toEqual(['npm', 'start', '--', '--role=web'])
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' })
    expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' })
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' })
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3000 }])
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    })
    expect(web.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
    expect(container.resources.requests).toEqual({ cpu: '250m', memory: '384Mi' })
    expect(container.volumeMounts.map((mount) => mount.mountPath)).toEqual(['/tmp', '/var/lib/clusterdeck'])
    // The autoscaler owns the replica count.
    expect(web.spec.replicas).toBeUndefined()
    const worker = containerOf(named(manifests, 'Deployment', 'portal-clusterdeck-worker'))
    expect(worker.args).toEqual(['npm', 'start', '--', '--role=worker'])
  })

  it('takes every secret from the existing Secret and none as a plain value', () => {
    const env = containerOf(named(manifests, 'Deployment', 'portal-clusterdeck-web')).env
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'SECRETS_KEY']) {
      const variable = env.find((item) => item.name === name)
      expect(variable?.value).toBeUndefined()
      expect(variable?.valueFrom?.secretKeyRef).toEqual({ name: 'clusterdeck', key: name })
    }
    const smtp = env.find((item) => item.name === 'SMTP_URL')
    expect(smtp?.valueFrom?.secretKeyRef).toEqual({ name: 'clusterdeck', key: 'SMTP_URL', optional: true })
    expect(env.find((item) => item.name === 'NODE_ENV')?.value).toBe('production')
    expect(env.find((item) => item.name === 'APP_URL')?.value).toBe('https://portal.example.com')
  })

  it("reads X-Forwarded-For from the ingress controller's addresses only, never from everyone", () => {
    for (const name of ['portal-clusterdeck-web', 'portal-clusterdeck-worker']) {
      const env = containerOf(named(manifests, 'Deployment', name)).env
      expect(env.find((item) => item.name === 'TRUST_PROXY')?.value).toBe(
        '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7',
      )
    }
    const none = render('--set', 'trustProxy=')
    const env = containerOf(named(none, 'Deployment', 'portal-clusterdeck-web')).env
    expect(env.some((item) => item.name === 'TRUST_PROXY')).toBe(false)
  })

  it('migrates before install and upgrade, through a hook Job', () => {
    const job = named(manifests, 'Job', 'portal-clusterdeck-migrations')
    expect(job.metadata.annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    })
    expect(containerOf(job).args).toEqual(['npm', 'run', 'db:migrate'])
    expect(job.spec.template.spec.restartPolicy).toBe('Never')
  })

  it('routes the host with TLS and keeps WebSockets open through ingress-nginx', () => {
    const ingress = named(manifests, 'Ingress', 'portal-clusterdeck')
    expect(ingress.spec.tls).toEqual([{ hosts: ['portal.example.com'], secretName: 'clusterdeck-tls' }])
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('3600')
    expect(ingress.spec.rules[0]?.http.paths[0]?.backend.service).toEqual({
      name: 'portal-clusterdeck',
      port: { name: 'http' },
    })
    const service = named(manifests, 'Service', 'portal-clusterdeck')
    expect(service.spec.selector['app.kubernetes.io/component']).toBe('web')
  })

  it('scales the web pods on CPU and keeps one through disruptions', () => {
    const hpa = named(manifests, 'HorizontalPodAutoscaler', 'portal-clusterdeck-web')
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'portal-clusterdeck-web',
    })
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([2, 10])
    expect(named(manifests, 'PodDisruptionBudget', 'portal-clusterdeck-web').spec.minAvailable).toBe(1)
  })

  it('lets only the ingress controller reach the web pods, and nothing the workers', () => {
    const web = named(manifests, 'NetworkPolicy', 'portal-clusterdeck-web')
    expect(web.spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
        ports: [{ port: 'http' }],
      },
    ])
    expect(named(manifests, 'NetworkPolicy', 'portal-clusterdeck-worker').spec.ingress).toEqual([])
  })
})

describe('helm template, production example', () => {
  it('takes its replicas, driver, host and certificate issuer', () => {
    const manifests = render('-f', PRODUCTION_VALUES)
    expect(named(manifests, 'HorizontalPodAutoscaler', 'portal-clusterdeck-web').spec.minReplicas).toBe(3)
    const worker = named(manifests, 'Deployment', 'portal-clusterdeck-worker')
    expect(worker.spec.replicas).toBe(2)
    expect(containerOf(worker).image).toBe('ghcr.io/clusterdeck/clusterdeck:1.15.0')
    expect(containerOf(worker).env).toContainEqual({ name: 'PROVISIONING_DRIVER', value: 'clusterapi' })
    const ingress = named(manifests, 'Ingress', 'portal-clusterdeck')
    expect(ingress.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBe('letsencrypt')
    expect(ingress.spec.rules[0]?.host).toBe('portal.clusterdeck.eu')
  })
})

describe('the guard', () => {
  const embedded = ['--set', 'database.external=false', '--set', 'web.autoscaling.enabled=false']

  it('fails the install with several replicas and no external database', () => {
    const result = runHelm('template', 'portal', CHART, ...embedded, '--set', 'web.replicas=2')
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('web.replicas is 2 but database.external is false')
  })

  it('fails it with the autoscaler and no external database', () => {
    const result = runHelm(
      'template',
      'portal',
      CHART,
      ...['--set', 'database.external=false', '--set', 'web.replicas=1'],
    )
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('web.autoscaling.enabled needs an external PostgreSQL')
  })

  it.each(['true', '1'])(
    'fails it with trustProxy=%s, which would let any client choose its address',
    (value) => {
      const result = runHelm('template', 'portal', CHART, '--set', `trustProxy=${value}`)
      expect(result.status).not.toBe(0)
      expect(result.stderr).toContain(`trustProxy is ${value}: name the addresses or CIDR ranges`)
    },
  )

  it('fails it without an existing Secret', () => {
    const result = runHelm('template', 'portal', CHART, '--set', 'existingSecret=')
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('existingSecret must name a Secret')
  })

  it('runs one pod of every role on the embedded database, recreated rather than rolled', () => {
    const manifests = render(...embedded, '--set', 'web.replicas=1')
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual([
      'Deployment',
      'Ingress',
      'NetworkPolicy',
      'Service',
    ])
    const web = named(manifests, 'Deployment', 'portal-clusterdeck-web')
    expect(web.spec.replicas).toBe(1)
    expect(web.spec.strategy).toEqual({ type: 'Recreate' })
    expect(containerOf(web).args).toEqual(['npm', 'start', '--', '--role=all'])
    expect(containerOf(web).env.some((item) => item.name === 'DATABASE_URL')).toBe(false)
  })
})

describe('the chart and the image', () => {
  it('carry the package version and run npm start as an unprivileged user with a health check', () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version
    expect(readFileSync(`${CHART}/Chart.yaml`, 'utf8')).toContain(`appVersion: "${version}"`)
    const dockerfile = readFileSync('deploy/Dockerfile', 'utf8')
    expect(dockerfile.match(/^FROM node:24\S* /gm)).toHaveLength(1)
    expect(dockerfile.match(/^FROM node:24/gm)).toHaveLength(2)
    expect(dockerfile).toMatch(/^USER node$/m)
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*?\/healthz/m)
    expect(dockerfile).toMatch(/^CMD \["npm", "start"/m)
    // The image does not know what stands in front of it: it trusts no X-Forwarded-For by itself.
    expect(dockerfile).not.toMatch(/^\s+TRUST_PROXY=/m)
  })
})
