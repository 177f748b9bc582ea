import { chromium } from '@playwright/test'

const [, , path, out, width = '1280', theme = 'light', user = 'admin'] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({
  viewport: { width: Number(width), height: Number(process.env.H ?? 900) },
  colorScheme: theme,
})
const page = await context.newPage()
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console error:', m.text())
})
await page.request.post('http://localhost:3300/api/dev-login', {
  data: { username: user },
  headers: { origin: 'http://localhost:3300' },
})
await page.goto('http://localhost:3300' + path)
await page.waitForLoadState('networkidle')
await page.waitForTimeout(1500)
const total = await page.evaluate(() => document.documentElement.scrollHeight)
for (let y = 0, index = 0; y < total; y += 880, index++) {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await page.waitForTimeout(200)
  await page.screenshot({ path: out.replace('.png', `-${index}.png`) })
}
await browser.close()
