import type { ImageMimeType } from '@btls/shared-api/constants';

/** The image type told by the file's first bytes, not by its name or the browser's claim. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * Widths of the WebP copies: a phone card (≈400 CSS px) at 1×/2×, the detail page (900 CSS px) at 1×, and
 * 1280 for a large screen. Nothing wider: a bigger photo is never worth its bytes on our pages.
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
const LARGEST_VARIANT = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
/** WebP quality for photos on small screens: visibly fine, about a tenth of a JPEG at 90. */
const WEBP_QUALITY = 75;
/** A 5 MB file can still claim huge dimensions (a decompression bomb); beyond this we make no copies. */
const MAX_INPUT_PIXELS = 100_000_000;

/** libvips is loaded on the first image, not at start: most starts and most tests never decode one. */
let loaded: Promise<typeof import('sharp').default> | undefined;
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One long-running server: libvips' operation cache only holds memory we do not reuse.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

export interface DerivedImage {
  /** As shown: EXIF orientation applied; for an animation, one frame. */
  width: number;
  height: number;
  /** Ascending by width. */
  variants: ImageVariant[];
}

/** The widths to make for an image `width` pixels wide: the ladder below it, plus its own width if ≤ 1280. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= LARGEST_VARIANT) widths.push(width);
  return widths;
}

/**
 * WebP copies of an uploaded image at the widths above (never upscaled, aspect ratio kept, metadata dropped,
 * turned upright by its EXIF orientation). An animated GIF or WebP stays animated (animated WebP is far
 * smaller than the GIF). Null when the bytes do not decode: the original is then served as it is.
 */
export async function deriveImage(bytes: Uint8Array): Promise<DerivedImage | null> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    const meta = await input.metadata();
    const width = meta.autoOrient.width;
    // For an animation, `height` is all frames stacked; one frame is `pageHeight` tall.
    const height = meta.pages && meta.pages > 1 && meta.pageHeight ? meta.pageHeight : meta.autoOrient.height;
    const variants: ImageVariant[] = [];
    for (const w of variantWidthsFor(width)) {
      const webp = await input.clone().resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer();
      variants.push({ width: w, bytes: webp });
    }
    return { width, height, variants };
  } catch {
    return null;
  }
}

/**
 * The picture a shared link shows (WhatsApp, Facebook): 1200×630, JPEG, well under the ~600 KB above
 * which WhatsApp shows none. Cut from the original to fill the frame. An image smaller than 600×315 gets none
 * (a preview would show it blurred, and a large card would announce more than it has).
 */
export const SHARE_IMAGE = { width: 1200, height: 630, minWidth: 600, minHeight: 315 } as const;

export async function shareImageOf(bytes: Uint8Array): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    const { autoOrient } = await input.metadata();
    if (autoOrient.width < SHARE_IMAGE.minWidth || autoOrient.height < SHARE_IMAGE.minHeight) return null;
    return await input
      .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover', withoutEnlargement: false })
      .flatten({ background: '#fbf7f2' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}
