import type { LucideIcon } from 'lucide-react'
import { useId } from 'react'
import { cn } from '#web/lib/cn.ts'

export type SegmentedOption<T extends string> = { value: T; label: string; Icon?: LucideIcon }

/**
 * A radio group drawn as joined buttons: the browser's own radios under the drawing, so the group is
 * one stop in the Tab order and the arrow keys move and choose, with no script of ours.
 */
export function SegmentedChoice<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string
  options: SegmentedOption<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  const name = useId()
  return (
    <fieldset
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg border bg-muted p-1', className)}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="relative flex min-h-9 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-3 has-focus-visible:ring-ring/40 [&_svg]:size-4"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-md outline-none"
          />
          {option.Icon && <option.Icon aria-hidden="true" />}
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
