/** Invalidates the caches the spec refreshes on every navigation (§7): filled in with the dashboard. */
export function useNavigationInvalidations(): void {}
