/** The rates module's front door: what other parts of the server may use. Its other files are its own. */

export type { RatesService } from './service.ts'
export { createRatesService } from './service.ts'
