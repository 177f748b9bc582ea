import type { TFunction } from '#web/lib/i18n.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { SchemaNode, SchemaProperty } from '../schema-outline.ts'
import '#web/lib/strings/tools.ts'

/** A schema, readably: its type and facts, then its properties, array items or alternatives. */
export function SchemaView({ node }: { node: SchemaNode }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-2">
      <div className="grid gap-1">
        <p className="font-mono text-xs text-primary">{typeLabel(node, t)}</p>
        <SchemaFacts node={node} />
      </div>
      <Structure node={node} />
    </div>
  )
}

/** The inside of an object, of an array of objects, or the alternatives; nothing for a plain value. */
function Structure({ node }: { node: SchemaNode }) {
  const { t } = useTranslation()
  if (node.properties) return <PropertyList node={node} />
  if (node.items && hasStructure(node.items)) return <Structure node={node.items} />
  if (!node.variants) return null
  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium text-muted-foreground">{t('tools.apiReference.oneOf')}</p>
      <ol className="grid gap-2">
        {node.variants.map((variant, index) => (
          <li key={index} className="grid gap-1 rounded-md border border-dashed p-3">
            <p className="text-xs font-medium text-muted-foreground">
              {t('tools.apiReference.option', { number: index + 1 })}
            </p>
            <SchemaView node={variant} />
          </li>
        ))}
      </ol>
    </div>
  )
}

function PropertyList({ node }: { node: SchemaNode }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-1">
      <ul className="divide-y rounded-md border">
        {node.properties!.map((property) => (
          <PropertyRow key={property.name} property={property} />
        ))}
      </ul>
      {node.additionalProperties === false && (
        <p className="text-xs text-muted-foreground">{t('tools.apiReference.noExtraProperties')}</p>
      )}
    </div>
  )
}

function PropertyRow({ property }: { property: SchemaProperty }) {
  const { t } = useTranslation()
  const { schema } = property
  return (
    <li className="grid min-w-0 gap-1.5 px-3 py-2.5">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-semibold break-all">{property.name}</code>
        <span className="font-mono text-xs break-all text-primary">{typeLabel(schema, t)}</span>
        <span
          className={
            property.required ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'
          }
        >
          {property.required ? t('tools.apiReference.required') : t('tools.apiReference.optional')}
        </span>
      </div>
      <SchemaFacts node={schema} />
      {hasStructure(schema) && (
        <div className="border-l-2 border-primary/20 pl-3">
          <Structure node={schema} />
        </div>
      )}
    </li>
  )
}

/** Enum values, format and constraints, default and description of one schema. */
export function SchemaFacts({ node }: { node: SchemaNode }) {
  const { t } = useTranslation()
  const constraints = [
    ...(node.format ? [t('tools.apiReference.constraints.format', { value: node.format })] : []),
    ...node.constraints.map((constraint) =>
      // Lengths and item counts take a plural ("1 character"); the others ignore the count.
      t(`tools.apiReference.constraints.${constraint.name}`, {
        value: constraint.value,
        count: Number(constraint.value),
      }),
    ),
    ...(node.defaultValue !== undefined
      ? [t('tools.apiReference.defaultValue', { value: node.defaultValue })]
      : []),
  ]
  if (!node.enumValues && constraints.length === 0 && !node.description) return null
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      {node.description && <p className="text-sm text-foreground/90">{node.description}</p>}
      {node.enumValues && (
        <p className="flex flex-wrap items-center gap-1">
          <span>{t('tools.apiReference.values')}</span>
          {node.enumValues.map((value) => (
            <code key={value} className="rounded bg-muted px-1.5 py-0.5 text-foreground">
              {value}
            </code>
          ))}
        </p>
      )}
      {constraints.length > 0 && <p className="break-all">{constraints.join(' · ')}</p>}
    </div>
  )
}

/** "string", "array of object", "integer or null", "User"… */
export function typeLabel(node: SchemaNode, t: TFunction): string {
  let label: string
  if (node.types.includes('array') && node.items)
    label = t('tools.apiReference.arrayOf', { type: typeLabel(node.items, t) })
  else if (node.types.length > 0) label = node.types.join(' | ')
  else if (node.variants) label = node.variants.map((variant) => typeLabel(variant, t)).join(' | ')
  else label = node.refName ?? t('tools.apiReference.anyType')
  return node.nullable ? `${label} ${t('tools.apiReference.nullable')}` : label
}

function hasStructure(node: SchemaNode): boolean {
  return Boolean(node.properties || node.variants || (node.items && hasStructure(node.items)))
}
