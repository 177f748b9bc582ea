import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'

/** The frame of the auth screens: a soft backdrop and a centred column. */
export function AuthScreen({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <div className="relative isolate flex flex-1 justify-center px-4 py-10 sm:py-16">
      <Backdrop />
      <div className={cn('w-full', wide ? 'max-w-5xl' : 'max-w-md')}>{children}</div>
    </div>
  )
}

/** A faint grid and glow behind the card; decorative only. */
function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:40px_40px] opacity-50" />
      <div className="absolute top-[-10rem] left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl" />
    </div>
  )
}

/** One card of a single-purpose auth screen: an icon, its title (the page's h1) and content. */
export function AuthCard({
  icon: Icon,
  tone = 'primary',
  title,
  description,
  children,
  footer,
  focusOnMount = false,
}: {
  icon?: LucideIcon
  tone?: 'primary' | 'success' | 'destructive'
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** For a card that replaces a submitted form: focus moves to its title, which is read out. */
  focusOnMount?: boolean
}) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus()
  }, [focusOnMount])
  return (
    <Card className="shadow-lg">
      <CardHeader className="justify-items-start gap-3">
        {Icon && (
          <span
            className={cn(
              'flex size-11 items-center justify-center rounded-full',
              tone === 'primary' && 'bg-primary/10 text-primary',
              tone === 'success' && 'bg-success/15 text-success',
              tone === 'destructive' && 'bg-destructive/10 text-destructive',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="grid gap-1.5">
          <CardTitle ref={titleRef} tabIndex={focusOnMount ? -1 : undefined} className="outline-none">
            {title}
          </CardTitle>
          {description && <CardDescription className="text-[0.9375rem]">{description}</CardDescription>}
        </div>
      </CardHeader>
      {children && <CardContent className="grid gap-4">{children}</CardContent>}
      {footer && (
        <CardFooter className="justify-center border-t pt-6 text-sm text-muted-foreground">
          {footer}
        </CardFooter>
      )}
    </Card>
  )
}
