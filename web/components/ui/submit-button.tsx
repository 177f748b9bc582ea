import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'

/**
 * A form's submit button. Until the page is hydrated it is disabled, so an early Enter cannot
 * send the form natively (with a password in the URL). While the request runs it stays
 * focusable (aria-disabled, so focus is not lost to the page) and the form ignores submits.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className,
}: {
  pending: boolean
  label: string
  pendingLabel: string
  className?: string
}) {
  const hydrated = useHydrated()
  return (
    <Button
      type="submit"
      size="lg"
      disabled={!hydrated}
      aria-disabled={pending || undefined}
      className={cn('w-full aria-disabled:cursor-progress aria-disabled:opacity-75', className)}
    >
      {pending && <Spinner className="size-4" />}
      {pending ? pendingLabel : label}
    </Button>
  )
}
