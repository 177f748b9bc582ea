import type { LucideIcon } from 'lucide-react'
import { RadioGroup } from 'radix-ui'
import { cn } from '#web/lib/cn.ts'

export type SegmentedOption<T extends string> = { value: T; label: string; Icon?: LucideIcon }

/** A radio group drawn as joined buttons (Radix RadioGroup: arrow keys move and select). */
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
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next)
        if (option) onChange(option.value)
      }}
      orientation="horizontal"
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg border bg-muted p-1', className)}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'flex min-h-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm [&_svg]:size-4',
          )}
        >
          {option.Icon && <option.Icon aria-hidden="true" />}
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}
