import { cn } from '#web/lib/cn.ts'

/** A spinning ring; decorative, so the text beside it is what assistive technology reads. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      data-slot="spinner"
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
    />
  )
}
