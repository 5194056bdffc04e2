import { IMAGE_MAGIC_BYTES, imageKind } from '../../../../contract/image-kind';

/** What the upstream accepts as a voucher (it reads the type from the bytes). */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** At most 1 MB per picture before encoding (upstream-api.md §6.5). */
export const MAX_BYTES = 1024 * 1024;

export type Prepared =
  { ok: true; base64: string; size: number } | { ok: false; reason: 'notPicture' | 'notPictureBytes' | 'unreadable' | 'tooLarge' };

/** Whether a file's first bytes are a PNG, JPEG, GIF or WEBP picture, whatever its name or declared type say. */
export async function isPictureByBytes(blob: Blob): Promise<boolean> {
  const head = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob.slice(0, IMAGE_MAGIC_BYTES));
  });
  return imageKind(new Uint8Array(head)) !== null;
}

/**
 * A picture ready for `afterSale.picture`: compressed in the browser to at most 1 MB when larger
 * (browser-image-compression, loaded on first use), as raw base64 without a `data:` prefix.
 * Anything that is not a picture, cannot be read, or is still too large is refused.
 */
export async function preparePicture(file: File): Promise<Prepared> {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return { ok: false, reason: 'notPicture' };
  // The name said PNG, JPEG, GIF or WEBP; the bytes decide (a text file named fake.png is refused here, never uploaded).
  // Other pictures (BMP…) are drawn anew as JPEG below, and what comes out is checked the same way.
  if (ACCEPTED_TYPES.includes(file.type) && !(await isPictureByBytes(file))) return { ok: false, reason: 'notPictureBytes' };
  let out: Blob = file;
  if (file.size > MAX_BYTES || !ACCEPTED_TYPES.includes(file.type)) {
    try {
      const { default: imageCompression } = await import('browser-image-compression');
      out = await imageCompression(file, {
        maxSizeMB: 0.9,
        maxWidthOrHeight: 2560,
        // The worker would fetch the library from a CDN; the page's CSP allows only this site.
        useWebWorker: false,
        // Photos become JPEG; PNG and WEBP stay themselves (GIF and others have no encoder in the browser).
        fileType: file.type === 'image/png' || file.type === 'image/webp' ? file.type : 'image/jpeg',
      });
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  }
  if (out.size > MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  if (!(await isPictureByBytes(out))) return { ok: false, reason: 'unreadable' };
  return { ok: true, base64: await toBase64(out), size: out.size };
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
