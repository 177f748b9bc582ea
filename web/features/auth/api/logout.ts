import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { auth } from '#common/contract/auth.ts'
import { href } from '#common/routes.ts'
import { urlOf } from '#web/lib/api/call.ts'
import { errorMessageOf } from '#web/lib/api-client.ts'
import { carryToast } from '#web/lib/carried-toast.ts'
import { LOGOUT_BROADCAST_CHANNEL, LOGOUT_MESSAGE_TYPE } from '#web/lib/constants.ts'
import { forgetSignedInUser, USER_KEY } from '#web/lib/current-user.ts'
import { realtimeHandshakesDone } from '#web/lib/realtime-socket.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/header.ts'

/**
 * Set once this tab signs out: the page is about to leave for the root, so the auth gate must
 * neither save the current page as a post-login target nor send it to /auth meanwhile.
 */
let signingOut = false

export function isSigningOut(): boolean {
  return signingOut
}

/**
 * Names this tab in its broadcasts: a BroadcastChannel message also reaches the other channel
 * objects of the sending page, and the tab that logs out must not treat it as another tab's.
 */
const TAB_ID = Math.random().toString(36).slice(2)

type LogoutMessage = { type?: string; tabId?: string }

function broadcastLogout(): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(LOGOUT_BROADCAST_CHANNEL)
  channel.postMessage({ type: LOGOUT_MESSAGE_TYPE, tabId: TAB_ID } satisfies LogoutMessage)
  channel.close()
}

/**
 * The server call: keep-alive with a JSON header, so it completes while the page leaves. A non-OK
 * answer is an error with the server's message: the session may still be valid, so the outcome
 * says "Logout failed" rather than "Logged out successfully".
 */
async function callLogout(): Promise<void> {
  const response = await fetch(urlOf(auth.logout), {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
  })
  if (response.ok) return
  const { message } = errorMessageOf(response.status, response.statusText, await response.text())
  throw new Error(message)
}

/**
 * Logout: the cached user is cleared at once, the server is called, other tabs are told once it
 * has answered (told before, they would reload while the session still holds and come back signed
 * in), stored keys and cached data go, and the app returns to the site root. The root is a static
 * page loaded as a new document, so the toast that reports the outcome is carried to it.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const navigate = useNavigate()
  // No refresh after it (no `changes` meta): what the signed-in person had goes with
  // forgetSignedInUser below, and the page leaves for the site root.
  return useMutation({
    mutationFn: async () => {
      signingOut = true
      queryClient.setQueryData(USER_KEY, null)
      // The realtime socket opens as the console does: a handshake still on its way when the
      // session ends would be refused.
      await realtimeHandshakesDone()
      try {
        await callLogout()
      } finally {
        broadcastLogout()
      }
    },
    onSuccess: () => carryToast({ title: t('header.session.loggedOut'), variant: 'success' }),
    onError: (error: Error) =>
      carryToast({
        title: t('header.session.logoutFailed'),
        description: error.message,
        variant: 'destructive',
      }),
    onSettled: () => {
      forgetSignedInUser(queryClient)
      navigate(href('home'))
      // The gated page is left by now; signed out, the next one may send its visitor to /auth.
      signingOut = false
    },
  })
}

/** Signs this tab out when another tab logs out. */
export function useLogoutFromOtherTabs(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(LOGOUT_BROADCAST_CHANNEL)
    channel.onmessage = (event: MessageEvent<LogoutMessage>) => {
      if (event.data?.type !== LOGOUT_MESSAGE_TYPE || event.data.tabId === TAB_ID) return
      signingOut = true
      forgetSignedInUser(queryClient)
      window.location.assign(href('home'))
    }
    return () => channel.close()
  }, [queryClient])
}
