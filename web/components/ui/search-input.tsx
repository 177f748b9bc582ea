import { Search } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Input } from './input.tsx'

/** A search box: the magnifier inside the field, the browser's own clear button, no autofill. */
export function SearchInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" autoComplete="off" className="pl-9" {...props} />
    </div>
  )
}
