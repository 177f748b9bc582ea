import { type ReactNode, useId } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Label } from './label.tsx'

/** What a field's control needs to be tied to its label, hint and error for assistive technology. */
export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A labelled form field: the control comes from `children`, which receives the ids to wire. The
 * error replaces nothing the person typed; it is read with the field and shown below it.
 */
export function FormField({
  label,
  hint,
  error,
  action,
  className,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  error?: string
  /** Something beside the label, such as a "Forgot password?" link. */
  action?: ReactNode
  className?: string
  children: (control: FieldControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ')
  return (
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {action}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
