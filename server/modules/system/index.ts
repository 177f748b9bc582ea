/**
 * The system module's front door: what other parts of the server may use. Its other files are its own.
 *
 * System stands apart from the identity modules: it uses none of them, and none uses it.
 */
export { healthRoutes } from './health.ts'
