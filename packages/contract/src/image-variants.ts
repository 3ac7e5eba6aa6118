/**
 * Every uploaded image is also stored at these widths (never wider than the original), as WebP,
 * so a 40 px avatar or a phone-wide card does not load the 2048 px original.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 480, 1080] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export interface ImageVariant {
  /** The width asked for; the file is narrower when the original is. */
  width: ImageVariantWidth;
  url: string;
}

// An upload's url ends in `{uuid}.{ext}` (the storage key's last segment), whatever the storage's
// address; a variant sits beside it as `{uuid}-w{width}.webp`. Nothing else (the default picture,
// the built-in backgrounds, a url from elsewhere) has variants.
const UPLOAD_URL =
  /^(.*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|webp|gif)(\?.*)?$/;

/** The address of an upload's variant of the given width; undefined when the url is not an upload. */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | undefined {
  const match = UPLOAD_URL.exec(url);
  return match ? `${match[1]}-w${width}.webp${match[2] ?? ''}` : undefined;
}

/** An upload's variants, narrowest first; empty when the url is not an upload. */
export function imageVariants(url: string): ImageVariant[] {
  if (!UPLOAD_URL.test(url)) return [];
  return IMAGE_VARIANT_WIDTHS.map((width) => ({
    width,
    url: imageVariantUrl(url, width) as string,
  }));
}

/**
 * A `srcset` for an upload: its variants, so the browser picks the smallest that fills the slot;
 * undefined when the url is not an upload. The original (up to 2048 px, often 500 KB) is left
 * out on purpose: a phone at 3x asks for more than 1080 px for a full-width card and would take
 * the original, where the 1080 px variant looks the same at a fraction of the bytes.
 */
export function imageSrcSet(url: string): string | undefined {
  const variants = imageVariants(url);
  if (variants.length === 0) return undefined;
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}
