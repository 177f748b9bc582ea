import type { Dialog as DialogPrimitive } from 'radix-ui'
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { cn } from '#web/lib/cn.ts'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { Slot } from './slot.tsx'

/**
 * A dialog whose library (focus trap, dismissal, scroll lock: dialog-parts.tsx) loads when the
 * dialog first opens, or once the page is idle, not with the screen: a screen with a button that
 * opens a dialog shows without it. The button that opens it is the app's own and says what it
 * opens (`aria-haspopup`, `aria-expanded`); the focus comes back to it when the dialog closes.
 */
const parts = onDemand(() => import('./dialog-parts.tsx'))

export type DialogState = {
  open: boolean
  setOpen: (open: boolean) => void
  /** The button that opens the dialog, if it has one (DialogTrigger). */
  trigger: RefObject<HTMLElement | null>
  contentId: string
}

const DialogStateContext = createContext<DialogState | null>(null)

function useDialogState(): DialogState {
  const state = useContext(DialogStateContext)
  if (!state) throw new Error('A dialog part needs a Dialog above it')
  return state
}

export function Dialog({
  open: controlled,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  children: ReactNode
}) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen)
  const open = controlled ?? uncontrolled
  const trigger = useRef<HTMLElement>(null)
  const contentId = useId()
  const setOpen = useCallback(
    (next: boolean) => {
      if (controlled === undefined) setUncontrolled(next)
      onOpenChange?.(next)
    },
    [controlled, onOpenChange],
  )
  const state = useMemo(() => ({ open, setOpen, trigger, contentId }), [open, setOpen, contentId])
  return <DialogStateContext value={state}>{children}</DialogStateContext>
}

export function DialogTrigger({
  asChild = false,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const state = useDialogState()
  const Component = asChild ? Slot<HTMLButtonElement> : 'button'
  return (
    <Component
      type="button"
      data-slot="dialog-trigger"
      aria-haspopup="dialog"
      aria-expanded={state.open}
      aria-controls={state.open ? state.contentId : undefined}
      data-state={state.open ? 'open' : 'closed'}
      ref={state.trigger as RefObject<HTMLButtonElement | null>}
      // A pointer that comes near or a focus starts the download, so the dialog opens at once.
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        startLoading(parts)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        startLoading(parts)
      }}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) state.setOpen(!state.open)
      }}
      {...props}
    />
  )
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** The accessible name of the corner close button; without it the dialog has none. */
  closeLabel?: string
  overlayClassName?: string
}

/** The dialog itself: drawn once its library has come, from the first time it opens. */
export function DialogContent(props: DialogContentProps) {
  const state = useDialogState()
  const loaded = parts.useModule()
  useEffect(() => {
    if (state.open) startLoading(parts)
  }, [state.open])
  return loaded ? <loaded.DialogBody state={state} {...props} /> : null
}

/** Parts drawn inside the dialog's content, so its library is there by then. */
export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  const loaded = parts.useModule()
  return loaded && <loaded.DialogClose {...props} />
}

export function DialogTitle(props: ComponentProps<typeof DialogPrimitive.Title>) {
  const loaded = parts.useModule()
  return loaded && <loaded.DialogTitle {...props} />
}

export function DialogDescription(props: ComponentProps<typeof DialogPrimitive.Description>) {
  const loaded = parts.useModule()
  return loaded && <loaded.DialogDescription {...props} />
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('grid gap-2 text-center sm:text-left', className)}
      {...props}
    />
  )
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}
