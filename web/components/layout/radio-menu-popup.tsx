import { Check } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ComponentProps } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { focusFirstMenuItem } from '#web/lib/on-demand.ts'
import { menuContentClass, menuItemClass, menuLabelClass } from './menu-styles.ts'
import type { RadioMenuProps } from './radio-menu.tsx'

/** The menu of a RadioMenu, loaded on demand (radio-menu.tsx): Radix's menu around the same button. */
export function RadioMenuPopup<Value extends string>({
  triggerProps,
  autoFocus,
  focusFirstItem,
  open,
  onOpenChange,
  label,
  value,
  options,
  onChange,
  contentClassName,
  children,
}: RadioMenuProps<Value> & {
  triggerProps: ComponentProps<typeof Button>
  autoFocus: boolean
  focusFirstItem: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <Button {...triggerProps} autoFocus={autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClass, contentClassName)}
          ref={focusFirstItem ? focusFirstMenuItem : undefined}
        >
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
