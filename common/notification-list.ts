/**
 * The notification list comes newest first, this many at a time: the bell's panel asks for the
 * next hundred when it has shown what it has. The most one request may ask for bounds the work of
 * one answer. (Without zod: the web app's frame reads these.)
 */
export const NOTIFICATION_LIST_PAGE = 100
export const NOTIFICATION_LIST_MAX = 5_000
