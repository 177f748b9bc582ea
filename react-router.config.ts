import type { Config } from '@react-router/dev/config'
import { PRERENDERED_PATHS } from './web/lib/paths.ts'

/**
 * Public pages are prerendered to HTML at build time; the signed-in area is a single-page app
 * served from the SPA fallback.
 */
export default {
  appDirectory: 'web',
  // BUILD_DIR lets parallel builds (one per developer task) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  prerender: PRERENDERED_PATHS,
} satisfies Config
