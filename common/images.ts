/**
 * Product images: each is drawn at the width a screen asks for, from the widths of a srcset —
 * the displayed width times 0.5, 0.75, 1, 1.5 and 2 — at quality 75 unless asked otherwise.
 */
export const IMAGE_SRCSET_MULTIPLIERS = [0.5, 0.75, 1, 1.5, 2] as const
export const IMAGE_DEFAULT_QUALITY = 75

/** The displayed width (CSS pixels) of each kind of image, the base of its srcset. */
export const IMAGE_DISPLAY_WIDTHS = { productLogo: 40, dataCenterPicture: 320 } as const
export type ImageKind = keyof typeof IMAGE_DISPLAY_WIDTHS

/** Each image's height for a width: logos are square, pictures 2:1. */
export const IMAGE_ASPECT_RATIOS: Record<ImageKind, number> = { productLogo: 1, dataCenterPicture: 2 }

/** The widths a srcset of `displayWidth` names: 40 → 20, 30, 40, 60, 80. */
export function srcsetWidths(displayWidth: number): number[] {
  return IMAGE_SRCSET_MULTIPLIERS.map((multiplier) => Math.round(displayWidth * multiplier))
}
