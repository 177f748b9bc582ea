/** Why one part of the configuration was chosen: a translation key, its values, and English words. */
export type SuggestionReason = {
  /** The part of the configuration it explains: clusterTypeId, dataCenterCode, nodePools.0, addOnIds.monitoring, … */
  field: string
  key: string
  params: Record<string, string | number>
  message: string
}

export function reason(
  field: string,
  key: string,
  params: Record<string, string | number>,
  message: string,
): SuggestionReason {
  return { field, key, params, message }
}
