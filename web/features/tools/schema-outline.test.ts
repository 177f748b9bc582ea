import { describe, expect, it } from 'vitest'
import { outlineSchema, schemaSize } from './schema-outline.ts'

describe('schema outline', () => {
  it('lists the properties of an object with their types and whether they are required', () => {
    const node = outlineSchema({
      type: 'object',
      properties: {
        username: { type: 'string', minLength: 1, maxLength: 254 },
        role: { type: 'string', enum: ['user', 'admin', 'super_admin'] },
        title: { nullable: true, type: 'string' },
      },
      required: ['username', 'role'],
      additionalProperties: false,
    })
    expect(node.types).toEqual(['object'])
    expect(node.additionalProperties).toBe(false)
    expect(node.properties?.map((property) => [property.name, property.required])).toEqual([
      ['username', true],
      ['role', true],
      ['title', false],
    ])
    const [username, role, title] = node.properties!.map((property) => property.schema)
    expect(username).toMatchObject({
      types: ['string'],
      constraints: [
        { name: 'minLength', value: '1' },
        { name: 'maxLength', value: '254' },
      ],
    })
    expect(role?.enumValues).toEqual(['user', 'admin', 'super_admin'])
    expect(title).toMatchObject({ types: ['string'], nullable: true })
  })

  it('leaves out the safe-integer bounds zod puts on every integer, and patterns a format explains', () => {
    const position = outlineSchema({
      type: 'integer',
      minimum: -9007199254740991,
      maximum: 9007199254740991,
    })
    expect(position.constraints).toEqual([])
    const id = outlineSchema({ type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' })
    expect(id).toMatchObject({ format: 'uuid', constraints: [] })
    const colour = outlineSchema({ type: 'string', pattern: '^#[0-9a-f]{6}$' })
    expect(colour.constraints).toEqual([{ name: 'pattern', value: '^#[0-9a-f]{6}$' }])
    expect(outlineSchema({ type: 'integer', default: 100, minimum: 1, maximum: 500 })).toMatchObject({
      defaultValue: '100',
      constraints: [
        { name: 'minimum', value: '1' },
        { name: 'maximum', value: '500' },
      ],
    })
  })

  it('describes arrays by their items', () => {
    const node = outlineSchema({
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' } } },
    })
    expect(node.types).toEqual(['array'])
    expect(node.items?.types).toEqual(['object'])
    expect(node.items?.properties?.[0]).toMatchObject({ name: 'id', required: false })
  })

  it('keeps the alternatives of anyOf and oneOf, and reads const as a single value', () => {
    const node = outlineSchema({
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } } },
        { type: 'object', properties: { mfaRequired: { type: 'boolean', const: true } } },
      ],
    })
    expect(node.variants).toHaveLength(2)
    expect(node.variants?.[1]?.properties?.[0]?.schema.enumValues).toEqual(['true'])
  })

  it('reads the OpenAPI 3.1 ways of saying nullable', () => {
    expect(outlineSchema({ type: ['string', 'null'] })).toMatchObject({ types: ['string'], nullable: true })
    const node = outlineSchema({ anyOf: [{ type: 'number' }, { type: 'null' }], description: 'SLA' })
    expect(node).toMatchObject({ types: ['number'], nullable: true, description: 'SLA' })
    expect(node.variants).toBeUndefined()
  })

  it('follows references to component schemas, and stops at a cycle', () => {
    const components = {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    }
    const node = outlineSchema({ $ref: '#/components/schemas/Node' }, components)
    expect(node.refName).toBe('Node')
    expect(node.properties?.map((property) => property.name)).toEqual(['name', 'children'])
    const children = node.properties?.[1]?.schema
    expect(children?.items).toMatchObject({ refName: 'Node', types: [] })
    expect(outlineSchema({ $ref: '#/components/schemas/Missing' })).toMatchObject({ refName: 'Missing' })
  })

  it('merges allOf parts and treats anything else as any value', () => {
    const node = outlineSchema({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'number' } } },
      ],
    })
    expect(node.properties?.map((property) => [property.name, property.required])).toEqual([
      ['a', true],
      ['b', false],
    ])
    expect(outlineSchema(undefined)).toEqual({ types: [], nullable: false, constraints: [] })
    expect(outlineSchema({})).toEqual({ types: [], nullable: false, constraints: [] })
  })
})

describe('schemaSize', () => {
  it('counts every node a view draws: properties, items and variants', () => {
    const schema = outlineSchema({
      type: 'object',
      properties: {
        name: { type: 'string' },
        pools: { type: 'array', items: { type: 'object', properties: { count: { type: 'integer' } } } },
        note: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
    })
    // object, name, pools (array), its item object, count, note, its two variants.
    expect(schemaSize(schema)).toBe(8)
    expect(schemaSize(outlineSchema({ type: 'string' }))).toBe(1)
  })
})
