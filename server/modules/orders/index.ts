/** The orders module's front door: what other parts of the server may use. Its other files are its own. */
export { decideOrder } from './approval.ts'
export { toOrderResponse } from './present.ts'
export {
  auditOrder,
  beginOrder,
  creditReasonOf,
  isFirstPaidOrder,
  listOrdersForOfficers,
  nextReference,
  requestHash,
} from './service.ts'
