import { cn } from '#web/lib/cn.ts'

/** A grey placeholder block while data loads; decorative (the region says "loading" once). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-muted', className)} />
}

/** A loading region with its label for assistive technology and placeholder rows for the eye. */
export function LoadingBlock({
  label,
  rows = 3,
  className,
  rowClassName,
}: {
  label: string
  rows?: number
  className?: string
  /** Each row's size, when the rows stand for items of a known height (the list keeps its room). */
  rowClassName?: string
}) {
  return (
    <div role="status" aria-label={label} className={cn('grid gap-3', className)} data-testid="loading">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={rowClassName ?? cn('h-12', index === 0 && 'h-16')} />
      ))}
    </div>
  )
}
