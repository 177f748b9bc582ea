import { Check } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { headerIconButtonClass, menuContentClass, menuItemClass, menuLabelClass } from './menu-styles.ts'

export type RadioMenuOption<Value extends string> = { value: Value; content: ReactNode; lang?: string }

type RadioMenuProps<Value extends string> = {
  /** The trigger's accessible name, which says the current choice. */
  triggerLabel: string
  trigger: ReactNode
  testId: string
  /** The heading of the menu. */
  label: string
  value: Value
  options: readonly RadioMenuOption<Value>[]
  onChange: (value: Value) => void
  /** Tailwind classes of the trigger and of the menu (its width). */
  triggerClassName?: string
  contentClassName?: string
  /** What the menu shows below its choices. */
  children?: ReactNode
}

/**
 * A header button that opens a one-of-several choice (the currency and language menus): a
 * labelled radio group with a check on the current value, and room for a note below.
 */
export function RadioMenu<Value extends string>({
  triggerLabel,
  trigger,
  testId,
  label,
  value,
  options,
  onChange,
  triggerClassName,
  contentClassName,
  children,
}: RadioMenuProps<Value>) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={triggerLabel}
          data-testid={testId}
          className={cn('px-2 font-semibold', headerIconButtonClass, triggerClassName)}
        >
          {trigger}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, contentClassName)}>
          <DropdownMenu.Label className={menuLabelClass}>{label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={value}
            onValueChange={(next) => {
              const chosen = options.find((option) => option.value === next)
              if (chosen) onChange(chosen.value)
            }}
          >
            {options.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={option.value}
                lang={option.lang}
                className={cn(menuItemClass, 'pr-8')}
              >
                {option.content}
                <DropdownMenu.ItemIndicator className="absolute right-2.5">
                  <Check aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
