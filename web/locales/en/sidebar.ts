export const sidebar = {}
