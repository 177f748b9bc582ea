/** The catalog module's front door: what other parts of the server may use. Its other files are its own. */
export { checkProductSettings } from './product-settings.ts'
export { findProduct } from './products.ts'
export { getCatalog } from './service.ts'
