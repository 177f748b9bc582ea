import { spawnSync } from 'node:child_process'
import { parseAllDocuments } from 'yaml'
import type { RecordedRequest } from './kube-api/http.ts'
import { kubeBinaries } from './kube-binaries.ts'

/**
 * The Helm chart's rules for the management cluster (managementCluster.access=serviceAccount),
 * and whether they allow a request the clusterapi driver sent: the driver tests check every call
 * they made against them, so a call the chart does not allow fails a test, not a production step.
 */

type PolicyRule = { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] }
type Grant = { namespace: string | undefined; rules: PolicyRule[] }
/** What Kubernetes authorizes a request as. */
export type RequestAttributes = {
  group: string
  resource: string
  verb: string
  namespace: string | undefined
  name: string | undefined
}

const CHART = 'deploy/helm/clusterdeck'

/** The ClusterRoles (cluster-wide) and Roles (their namespace) the chart binds to the web and worker pods. */
export function chartManagementGrants(): Grant[] {
  const rendered = spawnSync(
    kubeBinaries().helm,
    [
      'template',
      'portal',
      CHART,
      '-f',
      `${CHART}/values-production.example.yaml`,
      '--set',
      'managementCluster.access=serviceAccount',
    ],
    { encoding: 'utf8' },
  )
  if (rendered.status !== 0) throw new Error(rendered.stderr)
  return parseAllDocuments(rendered.stdout)
    .map(
      (document) =>
        document.toJS() as { kind: string; metadata: { namespace?: string }; rules?: PolicyRule[] },
    )
    .filter((manifest) => manifest?.kind === 'ClusterRole' || manifest?.kind === 'Role')
    .map((manifest) => ({
      namespace: manifest.kind === 'Role' ? manifest.metadata.namespace : undefined,
      rules: manifest.rules ?? [],
    }))
}

/** undefined for discovery (/api, /apis/<group>/<version>), which every identity may read. */
export function attributesOf(request: RecordedRequest): RequestAttributes | undefined {
  const parts = request.path.split('/').filter(Boolean).map(decodeURIComponent)
  const rest = parts[0] === 'api' ? parts.slice(2) : parts.slice(3)
  const group = parts[0] === 'api' ? '' : (parts[1] ?? '')
  if (rest.length === 0) return undefined
  const namespaced = rest[0] === 'namespaces' && rest.length >= 3
  const [resource, name] = namespaced ? rest.slice(2) : rest
  const namespace = namespaced ? rest[1] : undefined
  const verb =
    request.method === 'GET'
      ? name
        ? 'get'
        : request.query.watch === 'true'
          ? 'watch'
          : 'list'
      : ({ POST: 'create', PATCH: 'patch', PUT: 'update', DELETE: name ? 'delete' : 'deletecollection' }[
          request.method
        ] ?? request.method)
  return { group, resource: resource!, verb, namespace, name }
}

export function allowedBy(grants: Grant[], attributes: RequestAttributes): boolean {
  return grants.some(
    (grant) =>
      (grant.namespace === undefined || grant.namespace === attributes.namespace) &&
      grant.rules.some(
        (rule) =>
          rule.apiGroups.includes(attributes.group) &&
          rule.resources.includes(attributes.resource) &&
          rule.verbs.includes(attributes.verb) &&
          (!rule.resourceNames ||
            (attributes.name !== undefined && rule.resourceNames.includes(attributes.name))),
      ),
  )
}

/** The calls among these requests that the chart's rules do not allow, as `verb group/resource namespace/name`. */
export function callsNotAllowed(requests: RecordedRequest[]): string[] {
  const grants = chartManagementGrants()
  return requests
    .map(attributesOf)
    .filter((attributes): attributes is RequestAttributes => attributes !== undefined)
    .filter((attributes) => !allowedBy(grants, attributes))
    .map(
      (attributes) =>
        `${attributes.verb} ${attributes.group}/${attributes.resource} ${attributes.namespace ?? ''}/${attributes.name ?? ''}`,
    )
}
