import { type ReactNode, useId } from 'react'

/** A checkbox with its label beside it and an optional hint below. */
export function CheckboxField({
  label,
  hint,
  checked,
  onCheckedChange,
  name,
  testId,
}: {
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  testId?: string
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        data-testid={testId}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
