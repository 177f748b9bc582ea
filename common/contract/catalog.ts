import { z } from 'zod'
import { IMAGE_DEFAULT_QUALITY, IMAGE_DISPLAY_WIDTHS, type ImageKind, srcsetWidths } from '../images.ts'
import { catalogSchema } from '../schemas/catalog.ts'
import { productListQuerySchema, productSchema, productSummarySchema } from '../schemas/products.ts'
import { clusterTierSchema } from '../schemas/system.ts'
import { defineEndpoints, empty, file } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/** `:id`, a product's slug (`postgresql`, `cert-manager`). */
export const productParams = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) })

/** `:code`, a data center's code (`fr-par-1`). */
export const dataCenterParams = z.object({ code: z.string().regex(/^[a-z]{2}-[a-z]{3}-\d{1,2}$/) })

/** An image's width — one of its srcset's — and quality. */
function imageQuery(kind: ImageKind) {
  const widths = srcsetWidths(IMAGE_DISPLAY_WIDTHS[kind])
  return z.object({
    w: z.coerce
      .number()
      .int()
      .refine((width) => widths.includes(width), `must be one of ${widths.join(', ')}`),
    q: z.coerce.number().int().min(1).max(100).default(IMAGE_DEFAULT_QUALITY),
  })
}

const imageAnswers = {
  200: file('image/webp', 'The image as WebP, drawn at the width asked'),
  304: empty('Not modified'),
}

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
  productLogo: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/products/:id/logo',
    summary: "The product's logo at one of its srcset widths",
    description:
      'Widths: the 40-pixel logo times 0.5, 0.75, 1, 1.5 and 2; quality 1–100, 75 by default. Answers 304 to an `If-None-Match` naming its ETag.',
    params: productParams,
    query: imageQuery('productLogo'),
    responses: imageAnswers,
    errors: [404],
    reads: ['products'],
  },
  dataCenterPicture: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/data-centers/:code/picture',
    summary: "A picture of the data center's city, at one of its srcset widths",
    description:
      'Widths: the 320-pixel picture times 0.5, 0.75, 1, 1.5 and 2; quality 1–100, 75 by default. Answers 304 to an `If-None-Match` naming its ETag.',
    params: dataCenterParams,
    query: imageQuery('dataCenterPicture'),
    responses: imageAnswers,
    errors: [404],
    reads: ['catalog'],
  },
})
