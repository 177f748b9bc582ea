/** Query keys of the public tool pages, general to specific. */
export const toolKeys = {
  all: ['tools'] as const,
  checks: () => [...toolKeys.all, 'checks'] as const,
  check: (target: string) => [...toolKeys.checks(), target] as const,
}
