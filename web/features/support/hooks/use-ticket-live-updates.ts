import { useQueryClient } from '@tanstack/react-query'
import { useRealtimeMessages } from '#web/lib/realtime-socket.ts'
import { readsSupportData } from '../api/support.ts'

/**
 * Keeps the support screens live: each `{type: 'ticket'}` message on the app's realtime socket
 * (a reply, a note, a change of state) refreshes the support queries, the officers' included.
 */
export function useTicketLiveUpdates(): void {
  const queryClient = useQueryClient()
  useRealtimeMessages((message) => {
    if (message.type !== 'ticket') return
    void queryClient.invalidateQueries({ predicate: (query) => readsSupportData(query.queryKey) })
  })
}
