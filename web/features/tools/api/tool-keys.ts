/**
 * Query keys of the tool pages' checks that call no API endpoint (the realtime socket); the
 * others are keyed by their endpoint (`apiKey`).
 */
export const toolKeys = {
  all: ['tools'] as const,
  checks: () => [...toolKeys.all, 'checks'] as const,
  check: (target: string) => [...toolKeys.checks(), target] as const,
}
