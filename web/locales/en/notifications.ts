export const notifications = {}
