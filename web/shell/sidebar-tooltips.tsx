import type { ReactElement } from 'react'
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '#web/components/ui/tooltip.tsx'

/** The sidebar's tooltips, loaded on demand (dashboard-nav-parts.tsx). */

export function TooltipScope({ children }: { children: ReactElement }) {
  return <TooltipProvider>{children}</TooltipProvider>
}

export function IconTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  )
}
