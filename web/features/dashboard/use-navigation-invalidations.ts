import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { refreshEndpoints } from '#web/lib/api/refresh.ts'
import { navigationRefreshes } from './navigation-refreshes.ts'

/**
 * On each navigation, marks the caches of navigation-refreshes.ts as stale; the ones on screen
 * refetch at once. The first render is no navigation: its queries are fetching anyway.
 */
export function useNavigationInvalidations(): void {
  const queryClient = useQueryClient()
  const location = useLocation()
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    void refreshEndpoints(queryClient, navigationRefreshes(location.pathname))
    // location.key changes on every navigation, also to the same path.
  }, [location.key, location.pathname, queryClient])
}
