import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { CHECK_PROVIDERS } from '#common/schemas/providers.ts'
import {
  clusterCrdName,
  infrastructureProvider,
  infrastructureProviderIds,
  pluralOf,
} from '#server/provisioning/clusterapi/providers.ts'
import { kubeBinaries } from '#tests/helpers/kube-binaries.ts'
import { kubernetesValidator } from '#tests/helpers/kubernetes-schema.ts'

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
  resources: { requests: unknown; limits?: unknown }
  securityContext: unknown
  volumeMounts: { name?: string; mountPath: string; readOnly?: boolean }[]
  livenessProbe: Probe
  startupProbe: Probe
  readinessProbe: Probe
}
type PodSpec = {
  containers: Container[]
  securityContext: unknown
  restartPolicy?: string
  serviceAccountName?: string
  automountServiceAccountToken?: boolean
  volumes: { name: string; secret?: unknown }[]
  topologySpreadConstraints?: unknown[]
}
type EgressRule = { to?: Record<string, unknown>[]; ports?: { protocol: string; port: number }[] }
type PolicyRule = { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] }
/** The fields of the rendered kinds that the tests read. */
type Manifest = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> }
  automountServiceAccountToken?: boolean
  rules?: PolicyRule[]
  roleRef?: { kind: string; name: string }
  subjects?: { kind: string; name: string; namespace: string }[]
  spec: {
    replicas?: number
    strategy?: unknown
    template: { spec: PodSpec }
    selector: Record<string, string>
    tls?: unknown
    rules: { host: string; http: { paths: { backend: { service: unknown } }[] } }[]
    scaleTargetRef?: unknown
    minReplicas?: number
    maxReplicas?: number
    minAvailable?: number
    maxUnavailable?: number
    ingress?: unknown
    policyTypes?: string[]
    egress?: EgressRule[]
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
const podsOf = (manifests: Manifest[]) =>
  manifests.filter((manifest) => manifest.kind === 'Deployment' || manifest.kind === 'Job')
const tcpRule = (cidrs: string[], port: number): EgressRule => ({
  to: cidrs.map((cidr) => ({ ipBlock: { cidr } })),
  ports: [{ protocol: 'TCP', port }],
})
const postgresqlRule = (cidrs: string[]) => tcpRule(cidrs, 5432)
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']
const DNS_RULE: EgressRule = {
  to: [
    {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
      podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
    },
  ],
  ports: [
    { protocol: 'UDP', port: 53 },
    { protocol: 'TCP', port: 53 },
  ],
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
      'NetworkPolicy/portal-clusterdeck-migrations',
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
    expect(named(manifests, 'PodDisruptionBudget', 'portal-clusterdeck-web').spec.maxUnavailable).toBe(1)
  })

  it('keeps a PDB only where it protects something: more than one pod, one evicted at a time', () => {
    const worker = named(manifests, 'Deployment', 'portal-clusterdeck-worker')
    expect(worker.spec.replicas).toBe(2)
    expect(named(manifests, 'PodDisruptionBudget', 'portal-clusterdeck-worker').spec).toMatchObject({
      maxUnavailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/component': 'worker' } },
    })
    const single = render('--set', 'worker.replicas=1', '--set', 'web.autoscaling.minReplicas=1')
    expect(single.filter((manifest) => manifest.kind === 'PodDisruptionBudget')).toEqual([])
    const fixed = render('--set', 'web.autoscaling.enabled=false', '--set', 'web.replicas=3')
    expect(named(fixed, 'PodDisruptionBudget', 'portal-clusterdeck-web').spec.maxUnavailable).toBe(1)
  })

  it('probes the workers on their health server and spreads the web pods over zones and nodes', () => {
    const worker = containerOf(named(manifests, 'Deployment', 'portal-clusterdeck-worker'))
    expect(worker.ports).toEqual([{ name: 'health', containerPort: 3000 }])
    expect(worker.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'health' })
    expect(worker.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'health' })
    expect(worker.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'health' })
    const web = named(manifests, 'Deployment', 'portal-clusterdeck-web').spec.template.spec
    const selector = {
      matchLabels: {
        'app.kubernetes.io/name': 'clusterdeck',
        'app.kubernetes.io/instance': 'portal',
        'app.kubernetes.io/component': 'web',
      },
    }
    expect(web.topologySpreadConstraints).toEqual(
      ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
        maxSkew: 1,
        topologyKey,
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: selector,
        matchLabelKeys: ['pod-template-hash'],
      })),
    )
  })

  it('gives the migrations Job resources, and no pod a service account token', () => {
    const job = named(manifests, 'Job', 'portal-clusterdeck-migrations')
    expect(containerOf(job).resources).toEqual({
      requests: { cpu: '100m', memory: '256Mi' },
      limits: { memory: '512Mi' },
    })
    for (const workload of podsOf(manifests)) {
      expect(workload.spec.template.spec.automountServiceAccountToken).toBe(false)
      expect(workload.spec.template.spec.serviceAccountName).toBeUndefined()
    }
    expect(manifests.some((manifest) => /ServiceAccount|Role/.test(manifest.kind))).toBe(false)
  })

  it('lets the pods open connections to DNS and PostgreSQL only, while no other address is given', () => {
    for (const name of ['web', 'worker', 'migrations']) {
      const policy = named(manifests, 'NetworkPolicy', `portal-clusterdeck-${name}`)
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress'])
      expect(policy.spec.egress).toEqual([DNS_RULE, postgresqlRule(PRIVATE_RANGES)])
    }
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
  it('mounts the management cluster kubeconfig read-only in the web and worker pods, named by KUBECONFIG', () => {
    const manifests = render('-f', PRODUCTION_VALUES)
    for (const name of ['web', 'worker']) {
      const workload = named(manifests, 'Deployment', `portal-clusterdeck-${name}`)
      const pod = workload.spec.template.spec
      expect(pod.automountServiceAccountToken).toBe(false)
      expect(pod.serviceAccountName).toBeUndefined()
      expect(pod.volumes).toContainEqual({
        name: 'management-cluster',
        secret: {
          secretName: 'clusterdeck-management-cluster',
          items: [{ key: 'kubeconfig', path: 'kubeconfig' }],
          defaultMode: 0o440,
        },
      })
      const container = containerOf(workload)
      expect(container.volumeMounts).toContainEqual({
        name: 'management-cluster',
        mountPath: '/etc/clusterdeck/management-cluster',
        readOnly: true,
      })
      expect(container.env).toContainEqual({
        name: 'KUBECONFIG',
        value: '/etc/clusterdeck/management-cluster/kubeconfig',
      })
    }
    const job = named(manifests, 'Job', 'portal-clusterdeck-migrations')
    expect(containerOf(job).env.some((variable) => variable.name === 'KUBECONFIG')).toBe(false)
    expect(job.spec.template.spec.automountServiceAccountToken).toBe(false)
    expect(manifests.some((manifest) => /ServiceAccount|Role/.test(manifest.kind))).toBe(false)
  })

  it('limits egress to DNS, PostgreSQL, SMTP, Stripe and the management cluster, each where it is used', () => {
    const manifests = render('-f', PRODUCTION_VALUES)
    const egressOf = (name: string) =>
      named(manifests, 'NetworkPolicy', `portal-clusterdeck-${name}`).spec.egress
    const postgresql = postgresqlRule(['10.20.0.0/24'])
    const management = tcpRule(['203.0.113.10/32'], 6443)
    expect(egressOf('web')).toEqual([DNS_RULE, postgresql, tcpRule(['198.51.100.0/24'], 443), management])
    expect(egressOf('worker')).toEqual([DNS_RULE, postgresql, tcpRule(['192.0.2.25/32'], 587), management])
    expect(egressOf('migrations')).toEqual([DNS_RULE, postgresql])
  })

  it('binds each pod that calls the management cluster to exactly what its code calls, with access: serviceAccount', () => {
    const manifests = render('-f', PRODUCTION_VALUES, '--set', 'managementCluster.access=serviceAccount')
    for (const name of ['web', 'worker']) {
      const workload = named(manifests, 'Deployment', `portal-clusterdeck-${name}`)
      expect(workload.spec.template.spec.serviceAccountName).toBe(`portal-clusterdeck-${name}`)
      expect(workload.spec.template.spec.automountServiceAccountToken).toBe(true)
      expect(containerOf(workload).env.some((variable) => variable.name === 'KUBECONFIG')).toBe(false)
      expect(
        named(manifests, 'ServiceAccount', `portal-clusterdeck-${name}`).automountServiceAccountToken,
      ).toBe(false)
      const binding = named(manifests, 'ClusterRoleBinding', `portal-clusterdeck-clusterdeck-${name}`)
      expect(binding.roleRef).toEqual({
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: `portal-clusterdeck-clusterdeck-${name}`,
      })
      expect(binding.subjects).toEqual([
        { kind: 'ServiceAccount', name: `portal-clusterdeck-${name}`, namespace: 'clusterdeck' },
      ])
    }
    expect(
      named(manifests, 'Job', 'portal-clusterdeck-migrations').spec.template.spec
        .automountServiceAccountToken,
    ).toBe(false)

    const providers = infrastructureProviderIds().map((id) => infrastructureProvider(id)!)
    const clusterKinds = providers.map((provider) => pluralOf(provider.clusterKind))
    const templateKinds = providers.flatMap((provider) =>
      provider.machineTemplateKind ? [pluralOf(provider.machineTemplateKind)] : [],
    )
    expect(named(manifests, 'ClusterRole', 'portal-clusterdeck-clusterdeck-worker').rules).toEqual([
      { apiGroups: [''], resources: ['namespaces'], verbs: ['create', 'get'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['create', 'get', 'list', 'delete'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
      {
        apiGroups: ['cluster.x-k8s.io'],
        resources: ['clusters'],
        verbs: ['create', 'get', 'list', 'watch', 'delete'],
      },
      {
        apiGroups: ['cluster.x-k8s.io'],
        resources: ['machinedeployments'],
        verbs: ['create', 'get', 'list', 'watch', 'patch'],
      },
      { apiGroups: ['cluster.x-k8s.io'], resources: ['machines'], verbs: ['list'] },
      {
        apiGroups: ['controlplane.cluster.x-k8s.io'],
        resources: ['kubeadmcontrolplanes'],
        verbs: ['create', 'get', 'list', 'watch', 'patch'],
      },
      {
        apiGroups: ['bootstrap.cluster.x-k8s.io'],
        resources: ['kubeadmconfigtemplates'],
        verbs: ['create', 'get', 'list', 'delete'],
      },
      {
        apiGroups: ['addons.cluster.x-k8s.io'],
        resources: ['clusterresourcesets'],
        verbs: ['create', 'get', 'list', 'watch', 'delete'],
      },
      {
        apiGroups: ['addons.cluster.x-k8s.io'],
        resources: ['helmchartproxies'],
        verbs: ['create', 'get', 'patch', 'delete'],
      },
      { apiGroups: ['addons.cluster.x-k8s.io'], resources: ['helmreleaseproxies'], verbs: ['list', 'watch'] },
      {
        apiGroups: ['infrastructure.cluster.x-k8s.io'],
        resources: clusterKinds,
        verbs: ['create', 'get', 'list', 'watch', 'delete'],
      },
      {
        apiGroups: ['infrastructure.cluster.x-k8s.io'],
        resources: templateKinds,
        verbs: ['create', 'get', 'list', 'delete'],
      },
    ])
    const checked = providers.filter((provider) =>
      (CHECK_PROVIDERS as readonly string[]).includes(provider.id),
    )
    expect(named(manifests, 'ClusterRole', 'portal-clusterdeck-clusterdeck-web').rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
      {
        apiGroups: ['apiextensions.k8s.io'],
        resources: ['customresourcedefinitions'],
        verbs: ['get'],
        resourceNames: checked.map(clusterCrdName),
      },
    ])
    const dryRun = named(manifests, 'Role', 'portal-clusterdeck-clusterdeck-provider-check')
    expect(dryRun.metadata.namespace).toBe('default')
    expect(dryRun.rules).toEqual([
      { apiGroups: ['cluster.x-k8s.io'], resources: ['clusters'], verbs: ['create'] },
      {
        apiGroups: ['infrastructure.cluster.x-k8s.io'],
        resources: checked.map((provider) => pluralOf(provider.clusterKind)),
        verbs: ['create'],
      },
    ])
    expect(named(manifests, 'RoleBinding', 'portal-clusterdeck-clusterdeck-provider-check').subjects).toEqual(
      [{ kind: 'ServiceAccount', name: 'portal-clusterdeck-web', namespace: 'clusterdeck' }],
    )
    for (const rule of manifests.flatMap((manifest) => manifest.rules ?? []))
      for (const value of [...rule.apiGroups, ...rule.resources, ...rule.verbs])
        expect(value).not.toContain('*')
  })

  it('names only the resources of the infrastructure providers it is given', () => {
    const manifests = render(
      '-f',
      PRODUCTION_VALUES,
      ...['--set', 'managementCluster.access=serviceAccount'],
      ...['--set', 'managementCluster.infrastructureProviders={openstack,metal3}'],
    )
    const rules = named(manifests, 'ClusterRole', 'portal-clusterdeck-clusterdeck-worker').rules ?? []
    expect(rules.filter((rule) => rule.apiGroups[0] === 'infrastructure.cluster.x-k8s.io')).toEqual([
      {
        apiGroups: ['infrastructure.cluster.x-k8s.io'],
        resources: ['openstackclusters', 'metal3clusters'],
        verbs: ['create', 'get', 'list', 'watch', 'delete'],
      },
      {
        apiGroups: ['infrastructure.cluster.x-k8s.io'],
        resources: ['openstackmachinetemplates', 'metal3machinetemplates'],
        verbs: ['create', 'get', 'list', 'delete'],
      },
    ])
    // Neither is a provider the check covers: no CRD to read, no dry run.
    expect(named(manifests, 'ClusterRole', 'portal-clusterdeck-clusterdeck-web').rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
    ])
    expect(manifests.some((manifest) => manifest.kind === 'Role')).toBe(false)
  })

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

  it.each([
    [
      ['--set', 'env.PROVISIONING_DRIVER=clusterapi'],
      'PROVISIONING_DRIVER is clusterapi but managementCluster.access is none',
    ],
    [['--set', 'managementCluster.access=token'], 'managementCluster.access is token: choose none'],
    [
      ['--set', 'managementCluster.access=kubeconfigSecret'],
      'name the Secret holding the management cluster',
    ],
    [
      ['-f', PRODUCTION_VALUES, '--set', 'networkPolicy.egress.managementCluster.cidrs=null'],
      'networkPolicy.egress.managementCluster.cidrs is empty',
    ],
    [
      ['--set', 'managementCluster.infrastructureProviders={vsphere}'],
      'vsphere is not a provider of the clusterapi driver',
    ],
  ])('fails it when the management cluster cannot be reached as asked (%j)', (values, message) => {
    const result = runHelm('template', 'portal', CHART, ...values)
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(message)
  })

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
    // The one pod sends the mail itself.
    expect(named(manifests, 'NetworkPolicy', 'portal-clusterdeck-web').spec.egress).toEqual([DNS_RULE])
    const web = named(manifests, 'Deployment', 'portal-clusterdeck-web')
    expect(web.spec.replicas).toBe(1)
    expect(web.spec.strategy).toEqual({ type: 'Recreate' })
    expect(containerOf(web).args).toEqual(['npm', 'start', '--', '--role=all'])
    expect(containerOf(web).env.some((item) => item.name === 'DATABASE_URL')).toBe(false)
  })
})

describe('the manifests and the Kubernetes API', () => {
  /** `>=1.28.0-0 <1.37.0-0`: the oldest release declared, and the last minor before the bound. */
  const kubeVersion = parse(readFileSync(`${CHART}/Chart.yaml`, 'utf8')).kubeVersion as string
  const [, oldest, nextMinor] = kubeVersion.match(/^>=(\d+\.\d+)\.0-0 <(\d+\.\d+)\.0-0$/) ?? []
  const fixtures = readdirSync('tests/fixtures/kubernetes-openapi')
    .flatMap((file) => file.match(/^v(\d+\.\d+\.\d+)\.json$/)?.[1] ?? [])
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))

  it('has the API schemas of the oldest and the newest Kubernetes the chart declares', () => {
    const minor = (version: string) => version.split('.').slice(0, 2).join('.')
    const [major, next] = nextMinor!.split('.').map(Number)
    expect(fixtures.map(minor)).toEqual([oldest, `${major}.${next! - 1}`])
  })

  it.each([
    ['default values', []],
    ['the production example', ['-f', PRODUCTION_VALUES]],
    [
      'the production example with access: serviceAccount',
      ['-f', PRODUCTION_VALUES, '--set', 'managementCluster.access=serviceAccount'],
    ],
    [
      'the embedded database',
      [
        '--set',
        'database.external=false',
        '--set',
        'web.autoscaling.enabled=false',
        '--set',
        'web.replicas=1',
      ],
    ],
  ])(
    'validates every manifest of %s against each of them, unknown fields failing',
    (_name, values) => {
      for (const version of fixtures) {
        const validate = kubernetesValidator(version)
        const manifests = render('--kube-version', version, ...values)
        expect(manifests.length).toBeGreaterThan(0)
        for (const manifest of manifests)
          expect({
            manifest: `${manifest.kind}/${manifest.metadata.name}`,
            errors: validate(manifest),
          }).toEqual({
            manifest: `${manifest.kind}/${manifest.metadata.name}`,
            errors: [],
          })
      }
    },
    60_000,
  )

  it('refuses a Kubernetes outside those bounds, and the validator refuses a field the API does not know', () => {
    for (const version of ['1.27.9', `${nextMinor}.0`]) {
      const result = runHelm('template', 'portal', CHART, '--kube-version', version)
      expect(result.status).not.toBe(0)
      expect(result.stderr).toContain('kubeVersion')
    }
    const validate = kubernetesValidator(fixtures[0]!)
    const [web] = render().filter((manifest) => manifest.kind === 'Deployment')
    const pod = web!.spec.template.spec as PodSpec & { automountToken?: boolean }
    pod.automountToken = false
    expect(validate(web!)).toEqual([
      '/spec/template/spec must NOT have additional properties: automountToken',
    ])
    expect(validate({ apiVersion: 'example.com/v1', kind: 'Widget' })).toEqual([
      'example.com/v1/Widget is not among the kinds of tests/fixtures/kubernetes-openapi (refresh.ts)',
    ])
  }, 30_000)
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
