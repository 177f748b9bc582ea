/** Shared look of the header's dropdown menus (Radix DropdownMenu parts, shadcn style). */
export const menuContentClass =
  'z-50 min-w-44 overflow-hidden rounded-lg border bg-card p-1 text-card-foreground shadow-lg outline-none'

export const menuItemClass =
  'relative flex cursor-default select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none transition-colors data-[disabled]:pointer-events-none data-[disabled]:opacity-60 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0'

export const menuLabelClass = 'px-2.5 py-1.5 text-xs font-medium text-muted-foreground'

export const menuSeparatorClass = '-mx-1 my-1 h-px bg-border'

export const headerIconButtonClass = 'text-muted-foreground hover:text-foreground'
