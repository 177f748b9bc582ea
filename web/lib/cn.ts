import { type ClassValue, clsx } from 'clsx'
import { createTailwindMerge } from 'tailwind-merge'
import { CLASS_GROUPS_CONFIG } from './class-groups.ts'

/** Merges class lists with the groups the web app's classes use (web/lib/class-groups.ts). */
const mergeClasses = createTailwindMerge(() => CLASS_GROUPS_CONFIG)

/** Joins class names, later Tailwind utilities overriding earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs))
}
