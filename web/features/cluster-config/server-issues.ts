import type { ApiError } from '#web/lib/api-client.ts'
import type { WizardDraft } from './draft.ts'
import { type DraftIssues, describe, draftPath } from './validation.ts'

/** A 400's field problems, as problems of the draft's fields. */
export function serverIssuesOf(error: ApiError, draft: WizardDraft): DraftIssues {
  const issues: DraftIssues = {}
  const body = error.body as { issues?: { path?: unknown; message?: unknown }[] } | undefined
  for (const issue of body?.issues ?? []) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue
    const path = draftPath(issue.path, draft)
    if (!issues[path]) issues[path] = { ...describe(issue.message), catalogRule: true }
  }
  return issues
}
