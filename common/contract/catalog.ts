import { z } from 'zod'
import { catalogSchema } from '../schemas/catalog.ts'
import { productListQuerySchema, productSchema, productSummarySchema } from '../schemas/products.ts'
import { clusterTierSchema } from '../schemas/system.ts'
import { defineEndpoints, empty, file } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/** `:id`, a product's slug (`postgresql`, `cert-manager`). */
export const productParams = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) })

/** What is on sale, the same for every visitor: signed out too, no token taken. */
export const catalog = defineEndpoints('catalog', {
  clusterTiers: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/cluster-tiers',
    query: noQuery,
    summary: 'The cluster types on sale, in display order',
    description: 'Answers 304 to an `If-None-Match` naming the current ETag.',
    responses: { 200: z.array(clusterTierSchema), 304: empty('Not modified') },
    reads: ['catalog'],
  },
  get: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/catalog',
    query: noQuery,
    summary:
      'The whole catalog: cluster types, data centers, node flavors, Kubernetes versions, add-ons, middleware and support plans',
    description:
      'Prices are integer USD cents a month, except node flavors: USD milli-cents an hour (1/1000 of a cent).',
    responses: { 200: catalogSchema },
    reads: ['catalog'],
  },
  products: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/products',
    summary: 'The marketplace: add-ons for clusters and middleware products, in display order',
    query: productListQuerySchema,
    responses: { 200: z.array(productSummarySchema) },
    reads: ['products'],
  },
  product: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/products/:id',
    summary: 'One product: its chart and versions, settings schema, plans, requirements and extra costs',
    params: productParams,
    responses: { 200: productSchema },
    errors: [404],
    reads: ['products'],
  },
  settingsValidator: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/products/:id/settings-validator.js',
    summary: "The product's settings validator, an ES module the settings form imports",
    description:
      'A JavaScript module compiled from the product’s settings JSON Schema: the browser checks the settings as they are typed, by the same rules the server applies.',
    params: productParams,
    responses: { 200: file('text/javascript', 'An ES module exporting the settings validator') },
    errors: [404],
    reads: ['products'],
  },
})
