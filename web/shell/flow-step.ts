import { ROUTES } from '#common/routes.ts'
import { FLOW_STEP_ROUTES } from '#web/lib/paths.ts'

/** The step of the configuration flow a path shows (0 configure, 1 provisioning), if any. */
export function flowStepOf(pathname: string): number | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  const step = FLOW_STEP_ROUTES.findIndex((names) => names.some((name) => ROUTES[name] === path))
  return step === -1 ? undefined : step
}

/**
 * Which way the page slides when moving between flow steps: 1 forward (configure → provisioning),
 * -1 backward, 0 when the move is not between two different steps (no slide).
 */
export function slideDirection(fromPathname: string, toPathname: string): 1 | -1 | 0 {
  const from = flowStepOf(fromPathname)
  const to = flowStepOf(toPathname)
  if (from === undefined || to === undefined || from === to) return 0
  return to > from ? 1 : -1
}
