import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { staticSiteInDevelopment } from './scripts/dev-site.ts'
import { bundleReport } from './scripts/vite/bundle-report.ts'
import { contractRoutesInTheBrowser } from './scripts/vite/contract-routes.ts'
import { frameChunks } from './scripts/vite/frame-chunks.ts'
import { smallModulesWithTheirUsers } from './scripts/vite/small-modules-with-their-users.ts'

/** In development Vite serves the web app and passes API, WebSocket and mailbox calls to the server. */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

const frame = frameChunks({ priority: 5 })

export default defineConfig({
  plugins: [
    contractRoutesInTheBrowser(),
    smallModulesWithTheirUsers(),
    tailwindcss(),
    staticSiteInDevelopment(),
    reactRouter(),
    frame.plugin,
    bundleReport(),
  ],
  // Every signed-in screen loads React, the router, the data layer, i18n and the shell's menus,
  // dialogs and toasts: two chunks of them rather than some thirty small ones, since a phone pays a
  // round trip per file. Brotli does better on the larger files too (docs/quality.md).
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority)[\\/]/,
              priority: 20,
            },
            ...frame.groups,
            // What the frame leaves of the dialog and menu libraries, for the screens and pop-ups
            // that use them: the parts every pop-up needs, and the positioning of menus and
            // popovers, each in one file instead of a dozen.
            {
              name: 'popup-base',
              test: /node_modules[\\/](@radix-ui[\\/](primitive|react-(compose-refs|context|use-[a-z-]+|id|portal|presence|primitive|slot|dismissable-layer|focus-scope|focus-guards|visually-hidden|direction|collection|roving-focus))|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib)[\\/]/,
              priority: 2,
            },
            {
              name: 'popup-position',
              test: /node_modules[\\/](@radix-ui[\\/]react-(popper|arrow)|@floating-ui)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '^/api/': apiTarget,
      '^/dev/mailbox': apiTarget,
      '^/ws$': { target: apiTarget, ws: true },
    },
  },
  // The build prerenders through Vite's preview server, which must not forward anything.
  preview: { proxy: {} },
})
