import {
  Cpu,
  Database,
  FlaskConical,
  Gauge,
  Layers,
  type LucideIcon,
  PiggyBank,
  ShieldCheck,
} from 'lucide-react'
import type { ClusterTypeSlug } from '#web/lib/cluster-type-links.ts'

/** The icon and accent colours each cluster type is drawn with across the site. */
export const CLUSTER_TYPE_STYLES: Record<ClusterTypeSlug, { Icon: LucideIcon; accent: string }> = {
  blue: { Icon: Layers, accent: 'bg-blue-500/12 text-blue-600 dark:text-blue-300' },
  red: { Icon: ShieldCheck, accent: 'bg-red-500/12 text-red-600 dark:text-red-300' },
  green: { Icon: PiggyBank, accent: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' },
  data: { Icon: Database, accent: 'bg-cyan-500/12 text-cyan-700 dark:text-cyan-300' },
  ai: { Icon: Cpu, accent: 'bg-violet-500/12 text-violet-600 dark:text-violet-300' },
  orange: { Icon: FlaskConical, accent: 'bg-orange-500/12 text-orange-700 dark:text-orange-300' },
  sandbox: { Icon: Gauge, accent: 'bg-zinc-500/12 text-zinc-700 dark:text-zinc-300' },
}
