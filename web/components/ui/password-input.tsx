import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Input } from './input.tsx'

/** A password input with a toggle button (pressed: shown) that shows what was typed. */
export function PasswordInput({
  className,
  showLabel,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { showLabel: string }) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={showLabel}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-offset-[-2px]"
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  )
}
