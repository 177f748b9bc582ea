import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A form label. A plain `<label>`: a double click on its words does not select them (the person
 * meant the field), and it needs no component library, so a screen whose only pop-up-free
 * use of one was its labels does not load it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives the control (htmlFor or a child).
    <label
      data-slot="label"
      className={cn(
        'text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event)
        const onControl = (event.target as HTMLElement).closest('button, input, select, textarea')
        if (!onControl && !event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
