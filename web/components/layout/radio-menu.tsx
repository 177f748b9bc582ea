import type { ReactNode } from 'react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { onDemand, useStandIn } from '#web/lib/on-demand.ts'
import { headerIconButtonClass } from './menu-styles.ts'

export type RadioMenuOption<Value extends string> = { value: Value; content: ReactNode; lang?: string }

export type RadioMenuProps<Value extends string> = {
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

const popup = onDemand(() => import('./radio-menu-popup.tsx'))

/**
 * A header button that opens a one-of-several choice (the currency and language menus): a
 * labelled radio group with a check on the current value, and room for a note below. The menu's
 * code comes after the first paint (on-demand.ts); the button is there from the start.
 */
export function RadioMenu<Value extends string>(props: RadioMenuProps<Value>) {
  const [open, setOpen] = useState(false)
  const loaded = popup.useModule()
  const standIn = useStandIn(popup, () => setOpen(true))
  const triggerProps = {
    type: 'button' as const,
    variant: 'ghost' as const,
    size: 'sm' as const,
    'aria-label': props.triggerLabel,
    'data-testid': props.testId,
    className: cn('px-2 font-semibold', headerIconButtonClass, props.triggerClassName),
    children: props.trigger,
  }
  if (!loaded) return <Button {...triggerProps} {...standIn.buttonProps} />
  return (
    <loaded.RadioMenuPopup
      {...props}
      triggerProps={triggerProps}
      autoFocus={standIn.focused}
      focusFirstItem={standIn.byKeyboard}
      open={open}
      onOpenChange={setOpen}
    />
  )
}
