import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export const badgeVariants = cva(
  'inline-flex shrink-0 items-center justify-center rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-muted text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        // Light theme: the status colours darkened until small text on their tint passes AA.
        success:
          'border-transparent bg-success/15 text-[color-mix(in_oklab,var(--success),black_35%)] dark:text-success',
        warning: 'border-warning/50 text-[color-mix(in_oklab,var(--warning),black_45%)] dark:text-warning',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
}
