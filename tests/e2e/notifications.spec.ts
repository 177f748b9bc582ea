import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

const bell = (page: Page) => page.getByTestId('notification-bell')
const badge = (page: Page) => page.getByTestId('notification-badge')
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' })
const items = (page: Page) => panel(page).getByTestId('notification-item')
const toastWith = (page: Page, text: string) => page.locator('li[data-variant]').filter({ hasText: text })

test.describe('notification menu', () => {
  test('the badge counts unread notifications; the panel shows 5, then 10 more per click, newest first', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Eighteen registrations hash eighteen passwords on purpose (argon2id): allow the time.
    test.slow()
    const registrar = await Registrar.open(playwright, baseURL)
    const admin = await registrar.register()
    await registrar.joinRequests(admin.companyId, 17)
    await registrar.close()
    await signInAsFreshAdmin(page, admin)

    await page.goto('/dashboard')
    // The welcome notification and one per join request, all unread.
    await expect(badge(page)).toHaveText('18')
    await expect(bell(page)).toHaveAccessibleName('Notifications (18 unread)')

    await bell(page).click()
    await expect(items(page)).toHaveCount(5)
    await expect(panel(page).getByTestId('notification-list')).toHaveCSS('max-height', '300px')
    await expect(items(page).first()).toContainText('Joiner 17')
    await expect(items(page).first()).toContainText('Just now')
    await expect(items(page).nth(4)).toContainText('Joiner 13')
    await expect(items(page).first()).toHaveAttribute('data-read', 'false')

    const viewAll = panel(page).getByRole('button', { name: 'View all notifications' })
    await viewAll.click()
    await expect(items(page)).toHaveCount(15)
    await viewAll.click()
    await expect(items(page)).toHaveCount(18)
    await expect(viewAll).toHaveCount(0)
    // Oldest last: the welcome, a success; join requests are info.
    await expect(items(page).last()).toContainText('Welcome to Clusterdeck')
    await expect(items(page).last()).toHaveAttribute('data-tone', 'success')
    await expect(items(page).first()).toHaveAttribute('data-tone', 'info')

    // Reopened, the panel starts again at 5.
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    await bell(page).click()
    await expect(items(page)).toHaveCount(5)
  })

  test('past the newest hundred, "View all notifications" asks the server for the older ones', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    // 130 notifications, one a minute: the server's answer honours the limit the client asks for.
    const total = 130
    const asked: number[] = []
    await page.route(/\/api\/notifications\?/, (route) => {
      const limit = Number(new URL(route.request().url()).searchParams.get('limit'))
      asked.push(limit)
      const newest = Date.parse('2026-11-28T09:00:00Z')
      const list = Array.from({ length: Math.min(limit, total) }, (_, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        type: 'info',
        title: null,
        message: `Notification ${index + 1} of ${total}`,
        link: null,
        timestamp: new Date(newest - index * 60_000).toISOString(),
        read: true,
        trash: false,
      }))
      return route.fulfill({ json: list })
    })
    await page.goto('/dashboard')
    await bell(page).click()
    await expect(items(page)).toHaveCount(5)
    expect(asked).toEqual([100])
    const viewAll = panel(page).getByRole('button', { name: 'View all notifications' })
    // 5, 15, …, 95, 105: the eleventh click wants more than the hundred received.
    for (let click = 1; click <= 13; click++) await viewAll.click()
    await expect(items(page)).toHaveCount(total)
    await expect(viewAll).toHaveCount(0)
    await expect(items(page).last()).toContainText('Notification 130 of 130')
    expect(asked).toContain(200)
  })

  test('the badge caps at "99+"', async ({ page }) => {
    await page.route('**/api/notifications/count', (route) => route.fulfill({ json: { count: 250 } }))
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(badge(page)).toHaveText('99+')
    await expect(bell(page)).toHaveAccessibleName('Notifications (99+ unread)')
  })

  test('mark as read, click to read, mark all as read and move to trash', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow()
    const registrar = await Registrar.open(playwright, baseURL)
    const admin = await registrar.register()
    await registrar.joinRequests(admin.companyId, 3)
    await registrar.close()
    await signInAsFreshAdmin(page, admin)
    await page.goto('/dashboard')
    await expect(badge(page)).toHaveText('4')

    await bell(page).click()
    const newest = items(page).filter({ hasText: 'Joiner 03' })
    await newest.getByRole('button', { name: 'Mark as read' }).click()
    await expect(newest).toHaveAttribute('data-read', 'true')
    await expect(newest.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
    await expect(badge(page)).toHaveText('3')

    // A click reads the notification and follows its link.
    await items(page).filter({ hasText: 'Joiner 02' }).getByText('Joiner 02').click()
    await expect(page).toHaveURL(/\/admin\/pending-registrations$/)
    await expect(panel(page)).toBeHidden()
    await expect(badge(page)).toHaveText('2')

    await bell(page).click()
    await expect(items(page).filter({ hasText: 'Joiner 02' })).toHaveAttribute('data-read', 'true')
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click()
    const markedToast = toastWith(page, 'All notifications marked as read')
    await expect(markedToast).toContainText('Success')
    await expect(markedToast).toHaveAttribute('data-variant', 'success')
    await expect(badge(page)).toHaveCount(0)
    await expect(bell(page)).toHaveAccessibleName('Notifications')
    for (const item of await items(page).all()) await expect(item).toHaveAttribute('data-read', 'true')
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled()

    await items(page).filter({ hasText: 'Joiner 03' }).getByRole('button', { name: 'Move to trash' }).click()
    await expect(toastWith(page, 'Notification moved to trash')).toContainText('Success')
    await expect(items(page)).toHaveCount(3)
    await expect(items(page).filter({ hasText: 'Joiner 03' })).toHaveCount(0)

    // Trash is final: after a reload the notification stays away.
    await page.reload()
    await bell(page).click()
    await expect(items(page)).toHaveCount(3)
    await expect(items(page).filter({ hasText: 'Joiner 03' })).toHaveCount(0)
  })

  test("a failed action shows a destructive Error toast with the server's message", async ({
    page,
    playwright,
    baseURL,
    consoleErrors,
  }) => {
    const registrar = await Registrar.open(playwright, baseURL)
    const admin = await registrar.register()
    await registrar.close()
    await signInAsFreshAdmin(page, admin)
    await page.route('**/api/notifications/*/trash', (route) =>
      route.fulfill({ status: 404, json: { message: 'Notification not found' } }),
    )
    await page.goto('/dashboard')
    await bell(page).click()
    await items(page).first().getByRole('button', { name: 'Move to trash' }).click()
    const errorToast = toastWith(page, 'Notification not found')
    await expect(errorToast).toContainText('Error')
    await expect(errorToast).toHaveAttribute('data-variant', 'destructive')
    await expect(items(page)).toHaveCount(1)
    // The browser logs the refused request itself; that line is the expected one.
    const expected = consoleErrors.findIndex((line) => /status of 404/.test(line))
    expect(expected).toBeGreaterThanOrEqual(0)
    consoleErrors.splice(expected, 1)
  })

  test('a notification created for the signed-in user arrives live over the WebSocket', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signIn(page, 'admin')
    const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().endsWith('/ws'))
    await page.goto('/dashboard')
    const socket = await socketOpened
    expect(socket.url()).toBe(`${baseURL!.replace(/^http/, 'ws')}/ws`)
    await bell(page).click()
    await expect(panel(page)).toBeVisible()

    const name = `Live Arrival ${Date.now()}`
    const announced = socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes(name))
    const registrar = await Registrar.open(playwright, baseURL)
    // A join request to Demo Company notifies its admin.
    await registrar.register({ companyId: 'CD-DEMO-001', name })
    await registrar.close()
    await announced

    // Far sooner than the 10 s poll: the message itself refreshed the list.
    await expect(items(page).first()).toContainText(name, { timeout: 2_500 })
    await expect(items(page).first()).toHaveAttribute('data-read', 'false')
  })

  test('a socket message for the user refreshes both queries; a closed socket reconnects after 5 s and refetches both', async ({
    page,
  }) => {
    const demo = await signIn(page, 'demo')
    const connections: number[] = []
    let closeFirst: () => void = () => {}
    let sendToClient: (message: string) => void = () => {}
    await page.routeWebSocket(/\/ws$/, (socket) => {
      connections.push(Date.now())
      sendToClient = (message) => socket.send(message)
      if (connections.length === 1) closeFirst = () => socket.close()
    })
    // Both queries run while signed in; let their first fetches finish.
    const isPath = (path: string) => (request: { url(): string }) => new URL(request.url()).pathname === path
    const firstFetches = Promise.all([
      page.waitForResponse(isPath('/api/notifications')),
      page.waitForResponse(isPath('/api/notifications/count')),
    ])
    // The messages' parser (and the validator with it) is a script of its own, named after its
    // module: no screen loads it before a message comes.
    const parserScripts: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/realtime-[\w-]+\.js$/.test(request.url())) parserScripts.push(request.url())
    })
    await page.goto('/dashboard')
    await firstFetches
    await expect.poll(() => connections.length).toBe(1)
    expect(parserScripts).toEqual([])

    // Well inside the 10 s poll: the message itself causes both refetches.
    const listAgain = page.waitForRequest(isPath('/api/notifications'), { timeout: 6_000 })
    const countAgain = page.waitForRequest(isPath('/api/notifications/count'), { timeout: 6_000 })
    // As the server sends it (common/contract/realtime.ts): a frame that is not one is dropped.
    const message = JSON.stringify({
      type: 'notification',
      userId: demo.id,
      id: crypto.randomUUID(),
      notificationType: 'info',
      title: 'Mock',
      message: 'Sent by the test',
      link: null,
      timestamp: new Date().toISOString(),
      read: false,
      trash: false,
    })
    sendToClient(message)
    // A message sent while the page's socket is still opening can be lost in the mock: send again.
    const resend = setTimeout(() => sendToClient(message), 2_500)
    await Promise.all([listAgain, countAgain]).finally(() => clearTimeout(resend))
    expect(parserScripts).toHaveLength(1)

    // What came while the socket was closed is fetched once it is back: both queries at once,
    // not at the next 10 s poll.
    const afterReconnect = (path: string) =>
      page
        .waitForRequest((request) => isPath(path)(request) && connections.length === 2, { timeout: 12_000 })
        .then(() => Date.now() - connections[1]!)
    const listOnReconnect = afterReconnect('/api/notifications')
    const countOnReconnect = afterReconnect('/api/notifications/count')
    closeFirst()
    const closedAt = Date.now()
    await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(2)
    const delay = connections[1]! - closedAt
    expect(delay).toBeGreaterThanOrEqual(4_500)
    expect(delay).toBeLessThan(8_000)
    const [listAfter, countAfter] = await Promise.all([listOnReconnect, countOnReconnect])
    expect(listAfter).toBeLessThan(1_500)
    expect(countAfter).toBeLessThan(1_500)
  })

  test('in a hidden tab the unread count keeps its 10 s poll; only the list waits for the tab to be seen', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    const requests = { list: 0, count: 0 }
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path === '/api/notifications') requests.list += 1
      if (path === '/api/notifications/count') requests.count += 1
    })
    // The page's clock is driven by the test: the polls' seconds pass at once.
    await page.clock.install()
    await page.goto('/dashboard')
    await expect(bell(page)).toBeVisible({ timeout: 20_000 })
    await expect.poll(() => requests.count).toBeGreaterThan(0)
    // The tab goes to the background, as the browser reports it when another tab is chosen.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const hiddenAt = { ...requests }
    // Two polls of the count (10 s apart) while hidden; the list, which would have polled twice
    // meanwhile if it did not wait, asks at most once (a poll already due when the tab hid).
    // Each poll is answered before the next ten seconds pass (one in flight is not asked again).
    const countAnswered = () =>
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/count')
    for (const polls of [1, 2]) {
      const answered = countAnswered()
      await page.clock.runFor(10_000)
      await answered
      expect(requests.count - hiddenAt.count).toBe(polls)
    }
    expect(requests.list - hiddenAt.list).toBeLessThanOrEqual(1)
  })

  test('a socket closed because the session ended does not reconnect; the app finds out it is signed out', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    let connections = 0
    let closeSocket: () => void = () => {}
    await page.routeWebSocket(/\/ws$/, (socket) => {
      connections += 1
      closeSocket = () => socket.close()
    })
    await page.goto('/dashboard')
    await expect.poll(() => connections).toBe(1)

    // The server ends the session: its requests now answer 401 and it closes the socket.
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 401, json: { message: 'Please sign in to continue' } }),
    )
    closeSocket()
    await expect(page).toHaveURL(/\/auth$/, { timeout: 15_000 })
    expect(connections).toBe(1)
  })
})
