import type { ReactNode } from 'react'

/** Nothing to show here: what is missing, a hint at why, and where to go instead. */
export function EmptyState({
  title,
  hint,
  action,
  testId,
}: {
  title: string
  hint: string
  action: ReactNode
  testId: string
}) {
  return (
    <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
      {action}
    </div>
  )
}
