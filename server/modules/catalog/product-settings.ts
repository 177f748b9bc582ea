import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import type { ConfigurationIssue } from '#common/cluster-rules.ts'
import type { Product } from '#common/schemas/products.ts'

/**
 * A product's settings checked against its JSON Schema on the server, with the same schema the
 * install form is generated from. Defaults are filled in; each problem names its field path
 * (`settings.maxConnections`) for the 400 answer.
 */

const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: false })
formats.default(ajv)
const compiled = new Map<string, ValidateFunction>()

function validatorOf(product: Product): ValidateFunction {
  // A product's schema changes only with the catalog; keyed by its text, a changed schema recompiles.
  const key = `${product.id}:${JSON.stringify(product.settingsSchema)}`
  let validate = compiled.get(key)
  if (!validate) {
    validate = ajv.compile(product.settingsSchema)
    compiled.set(key, validate)
  }
  return validate
}

export function checkProductSettings(
  product: Product,
  settings: unknown,
): { settings: Record<string, unknown>; issues: ConfigurationIssue[] } {
  const copy = structuredClone(settings ?? {}) as Record<string, unknown>
  const validate = validatorOf(product)
  if (validate(copy)) return { settings: copy, issues: [] }
  const issues = (validate.errors ?? []).map((error) => {
    const pointer = error.instancePath.split('/').filter(Boolean)
    const missing = error.keyword === 'required' ? [String(error.params.missingProperty)] : []
    const extra = error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)] : []
    return {
      path: ['settings', ...pointer, ...missing, ...extra].map((part) =>
        /^\d+$/.test(String(part)) ? Number(part) : part,
      ),
      message:
        error.keyword === 'additionalProperties' ? 'This setting does not exist' : sentence(error.message),
    }
  })
  return { settings: copy, issues }
}

/** ajv's "must be <= 5000" as a message: "Must be <= 5000". */
function sentence(message: string | undefined): string {
  const text = message ?? 'must be valid'
  return text.charAt(0).toUpperCase() + text.slice(1)
}
