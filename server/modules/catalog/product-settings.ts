import type { RJSFSchema } from '@rjsf/utils'
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

const browserValidators = new Map<string, string>()

/**
 * The product's settings validator as a JavaScript module for the install form: ajv's standalone
 * code of the schema, compiled here because the browser's content security policy forbids the
 * `eval` ajv would otherwise need (docs/decisions/017-marketplace.md). The code is CommonJS; the
 * module gives it `exports` and a `require` that finds ajv's runtime helpers where the web app
 * registered them (`globalThis.__settingsValidatorRuntime`), and exports the validators by hash.
 */
export async function settingsValidatorModule(product: Product): Promise<string> {
  const key = JSON.stringify(product.settingsSchema)
  let module = browserValidators.get(key)
  if (!module) {
    // Loaded the first time a form asks, so a server that never serves one never loads rjsf.
    const { compileSchemaValidatorsCode } = await import('@rjsf/validator-ajv8/compileSchemaValidators')
    const code = compileSchemaValidatorsCode(product.settingsSchema as RJSFSchema, {
      AjvClass: Ajv2020 as never,
    })
    module = [
      'const exports = {};',
      'const require = (name) => {',
      '  const helper = globalThis.__settingsValidatorRuntime?.[name];',
      "  if (!helper) throw new Error('The settings validator needs ' + name);",
      '  return helper;',
      '};',
      code,
      'export default exports;',
      '',
    ].join('\n')
    browserValidators.set(key, module)
  }
  return module
}
