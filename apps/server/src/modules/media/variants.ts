import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@hearth/contract';
import type { Storage } from '../../infra/storage/storage.js';
import type { ImageVariantFile } from './image-processing.js';

// An upload is stored under `{folder}/{uuid}.{ext}`; its variants sit beside it as
// `{folder}/{uuid}-w{width}.webp` (the contract's imageVariantUrl says the same of urls).
const UPLOAD_KEY =
  /^(.+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]+$/;

// A variant's key: its upload's `{folder}/{uuid}`, then `-w{width}.webp`.
const VARIANT_KEY = new RegExp(
  `^(.+/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-w(?:${IMAGE_VARIANT_WIDTHS.join('|')})\\.webp$`,
);

/**
 * The `{folder}/{uuid}` an upload's files share, read from the key of its original or of one of
 * its variants; undefined for a key the server does not make for uploads.
 */
export function uploadStemOf(key: string): string | undefined {
  return VARIANT_KEY.exec(key)?.[1] ?? UPLOAD_KEY.exec(key)?.[1];
}

/** The storage key of an upload's variant of this width; undefined when the key is not an upload's. */
export function variantStorageKey(key: string, width: ImageVariantWidth): string | undefined {
  const match = UPLOAD_KEY.exec(key);
  return match ? `${match[1]}-w${width}.webp` : undefined;
}

/** Every variant key of an upload (empty when the key is not an upload's). */
export function variantStorageKeys(key: string): string[] {
  return IMAGE_VARIANT_WIDTHS.flatMap((width) => variantStorageKey(key, width) ?? []);
}

/** Stores the variants beside the upload; answers their keys. Storing them again is harmless. */
export async function storeImageVariants(
  storage: Storage,
  key: string,
  variants: readonly ImageVariantFile[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const variant of variants) {
    const variantKey = variantStorageKey(key, variant.width);
    if (!variantKey) throw new Error(`Not an upload's storage key: ${key}`);
    await storage.put(variantKey, variant.bytes, variant.contentType);
    keys.push(variantKey);
  }
  return keys;
}

/** Deletes an upload's file and its variants; missing files are not an error. */
export async function deleteUploadFiles(storage: Storage, key: string): Promise<void> {
  for (const variantKey of variantStorageKeys(key)) await storage.delete(variantKey);
  await storage.delete(key);
}
