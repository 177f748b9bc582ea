import { X } from 'lucide-react'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { cn } from '#web/lib/cn.ts'

/** A number input whose blank state is NaN in the draft (so "empty" is a problem, not a zero). */
export function NumberInput({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number
  onValueChange: (value: number) => void
}) {
  return (
    <Input
      {...props}
      type="number"
      inputMode="numeric"
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onValueChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)}
    />
  )
}

/**
 * A radio drawn as a card: its accessible name is the title alone, the rest describes it. The
 * native radio keeps arrow-key moves within the group.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled,
  invalid,
  onSelect,
  title,
  badge,
  children,
  testId,
}: {
  name: string
  value: string
  checked: boolean
  disabled?: boolean
  invalid?: boolean
  onSelect: () => void
  title: ReactNode
  badge?: ReactNode
  children?: ReactNode
  testId?: string
}) {
  const id = useId()
  return (
    <label
      data-testid={testId}
      data-value={value}
      className={cn(
        'flex h-full cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-colors hover:border-primary/60',
        'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:checked]:ring-1 has-[:checked]:ring-primary',
        'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40',
        disabled && 'cursor-not-allowed opacity-60 hover:border-border',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-details` : undefined}
        onChange={onSelect}
        className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
      />
      <span className="grid min-w-0 flex-1 gap-1.5">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span id={`${id}-title`} className="font-medium">
            {title}
          </span>
          {badge}
        </span>
        {children && (
          <span id={`${id}-details`} className="grid gap-1.5 text-sm text-muted-foreground">
            {children}
          </span>
        )}
      </span>
    </label>
  )
}

/** The problem of a group of choices (radios, checkboxes), read with the group. */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  )
}

/** An input of an editor row (label, taint, CIDR): named by aria-label, its problem below it. */
export function RowInput({
  label,
  error,
  className,
  ...props
}: ComponentProps<'input'> & { label: string; error: string | undefined }) {
  const id = useId()
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <Input
        {...props}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** The button that takes a row out of an editor list, named by its label (an X alone shows). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      <X aria-hidden="true" />
    </Button>
  )
}
