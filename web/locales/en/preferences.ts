export const preferences = {}
