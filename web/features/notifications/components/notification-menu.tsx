/** The bell with its unread badge and panel (spec §2): filled in with the notifications work. */
export function NotificationMenu() {
  return null
}
