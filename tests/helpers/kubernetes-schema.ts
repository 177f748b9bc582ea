import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import formats from 'ajv-formats'

/**
 * Validates manifests against a Kubernetes release's API schemas (tests/fixtures/kubernetes-openapi),
 * offline. Strict as the API server's `fieldValidation=Strict` is: a field the kind does not have
 * fails, as do a wrong type, a missing required field and an out-of-range integer.
 */

type Schema = Record<string, unknown>
type Fixture = { kinds: Record<string, string>; definitions: Record<string, Schema> }

const FIXTURES = path.resolve('tests/fixtures/kubernetes-openapi')
/** Accepted by the API as a JSON number or string (resource.Quantity). */
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity'

export type KubernetesValidator = (manifest: { apiVersion?: string; kind?: string }) => string[]

export function kubernetesValidator(kubernetesVersion: string): KubernetesValidator {
  const fixture = JSON.parse(
    readFileSync(path.join(FIXTURES, `v${kubernetesVersion}.json`), 'utf8'),
  ) as Fixture
  const definitions = Object.fromEntries(
    Object.entries(fixture.definitions).map(([name, schema]) => [
      name,
      name === QUANTITY ? { anyOf: [{ type: 'string' }, { type: 'number' }] } : strict(schema),
    ]),
  )
  const ajv = new Ajv({ allErrors: true, strictSchema: false, strictTypes: false })
  // ajv-formats is CommonJS: its function is `default` under Node's ESM.
  formats.default(ajv, ['date-time', 'byte'])
  ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 })
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) })
  ajv.addFormat('double', { type: 'number', validate: () => true })
  ajv.addSchema({ $id: 'kubernetes', definitions })
  const validators = new Map<string, ValidateFunction>()
  return (manifest) => {
    const key = `${manifest.apiVersion}/${manifest.kind}`
    const name = fixture.kinds[key]
    if (!name) return [`${key} is not among the kinds of tests/fixtures/kubernetes-openapi (refresh.ts)`]
    let validate = validators.get(name)
    if (!validate) {
      validate = ajv.compile({ $ref: `kubernetes#/definitions/${name}` })
      validators.set(name, validate)
    }
    if (validate(manifest)) return []
    return (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || '/'} ${error.message}${error.keyword === 'additionalProperties' ? `: ${String(error.params.additionalProperty)}` : ''}`,
    )
  }
}

/**
 * The OpenAPI v2 schema made strict: an object with declared properties accepts no other, and an
 * `int-or-string` (IntOrString, written `type: string` in v2) takes an integer too.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict)
  if (typeof schema !== 'object' || schema === null) return schema
  const node = schema as Schema
  if (node.format === 'int-or-string') return { anyOf: [{ type: 'integer' }, { type: 'string' }] }
  const copy: Schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      // `properties` maps names to schemas: the names are not keywords.
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([name, item]) => [name, strict(item)]))
        : strict(value),
    ]),
  )
  if (
    node.properties &&
    node.additionalProperties === undefined &&
    !node['x-kubernetes-preserve-unknown-fields']
  )
    copy.additionalProperties = false
  return copy
}
