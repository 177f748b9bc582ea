import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'
import type { DialogContentProps, DialogState } from './dialog.tsx'

/**
 * The parts of a dialog that need the dialog library (its focus trap, its dismissal, the page's
 * scroll lock): loaded when a dialog first opens or the page is idle (dialog.tsx).
 */

export function DialogBody({
  state,
  className,
  children,
  closeLabel,
  overlayClassName,
  onCloseAutoFocus,
  ...props
}: DialogContentProps & { state: DialogState }) {
  return (
    <DialogPrimitive.Root open={state.open} onOpenChange={state.setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="dialog-overlay"
          className={cn('fixed inset-0 z-50 bg-black/50', overlayClassName)}
        />
        <DialogPrimitive.Content
          id={state.contentId}
          data-slot="dialog-content"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl outline-none',
            className,
          )}
          // The button that opened the dialog is the app's own (dialog.tsx): the focus goes back to it.
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event)
            if (event.defaultPrevented || !state.trigger.current) return
            event.preventDefault()
            state.trigger.current.focus()
          }}
          {...props}
        >
          {children}
          {closeLabel && (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-4 right-4 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100"
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  )
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}
