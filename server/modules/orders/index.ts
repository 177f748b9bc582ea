/** The orders module's front door: what other parts of the server may use. Its other files are its own. */
export { decideOrder } from './approval.ts'
export {
  type FulfilmentScope,
  type OrderKindDefinition,
  type PricingScope,
  registerOrderKind,
} from './kinds.ts'
export { serveOrdering } from './ordering-routes.ts'
export { type PlacedOrder, placeOrder } from './placement.ts'
export { listOrdersForOfficers, nextReference } from './service.ts'
