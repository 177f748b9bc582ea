import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_DEFAULT_QUALITY,
  IMAGE_DISPLAY_WIDTHS,
  type ImageKind,
  srcsetWidths,
} from '#common/images.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * `src` with `?w=` and `?q=` for each width of a kind's srcset: "…?w=20&q=75 20w, …?w=40&q=75 40w, …".
 * The browser picks the width its screen's density needs.
 */
export function imageSrcset(src: string, kind: ImageKind, quality = IMAGE_DEFAULT_QUALITY): string {
  return srcsetWidths(IMAGE_DISPLAY_WIDTHS[kind])
    .map((width) => `${src}?w=${width}&q=${quality} ${width}w`)
    .join(', ')
}

/**
 * A catalog image (a product's logo, a data center's picture) at its kind's displayed size: its
 * srcset, a fixed box (no layout shift), loaded lazily unless it is in the first screen. `alt` is
 * empty when the image only decorates a name written beside it.
 */
export function ResponsiveImage({
  src,
  kind,
  alt,
  eager = false,
  className,
}: {
  src: string
  kind: ImageKind
  alt: string
  eager?: boolean
  className?: string
}) {
  const width = IMAGE_DISPLAY_WIDTHS[kind]
  const height = Math.round(width / IMAGE_ASPECT_RATIOS[kind])
  return (
    <img
      src={`${src}?w=${width}&q=${IMAGE_DEFAULT_QUALITY}`}
      srcSet={imageSrcset(src, kind)}
      sizes={`${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('shrink-0', className)}
    />
  )
}
