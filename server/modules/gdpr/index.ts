/**
 * The gdpr module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Gdpr is the highest of the identity modules — users ← auth ← organizations ← gdpr: it erases
 * through organizations (retiring the account), and none of them uses it.
 */
export { buildExport } from './requests.ts'
