import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { staticSiteInDevelopment } from './scripts/dev-site.ts'
import { bundleReport } from './scripts/vite/bundle-report.ts'
import { contractRoutesInTheBrowser } from './scripts/vite/contract-routes.ts'

/** In development Vite serves the web app and passes API, WebSocket and mailbox calls to the server. */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  plugins: [
    contractRoutesInTheBrowser(),
    tailwindcss(),
    staticSiteInDevelopment(),
    reactRouter(),
    bundleReport(),
  ],
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
