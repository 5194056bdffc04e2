/**
 * What a picture is by its first bytes (its "magic"), never by its name or declared type: the four
 * kinds the supplier takes as after-sale vouchers (upstream-api.md §6.5). The browser checks a file
 * before it uploads it, the gateway checks what it is asked to forward (contract/operations.ts,
 * `afterSale.picture`), with this one function.
 */
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** The bytes needed to tell the kinds apart (WEBP: `RIFF`, four bytes of size, `WEBP`). */
export const IMAGE_MAGIC_BYTES = 12;

const ascii = (b: ArrayLike<number>, from: number, text: string) => [...text].every((ch, i) => b[from + i] === ch.charCodeAt(0));

/** The kind of picture `bytes` (the file's first bytes, at least IMAGE_MAGIC_BYTES of them) begin, or null. */
export function imageKind(bytes: ArrayLike<number>): ImageKind | null {
  const b = bytes;
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'webp';
  return null;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The kind of picture raw base64 (no `data:` prefix) holds, from its first 16 characters (12 bytes), or null. */
export function base64ImageKind(base64: string): ImageKind | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of base64.slice(0, 16)) {
    const v = B64.indexOf(ch);
    if (v < 0) break; // padding, or not base64 (the schema says which)
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return imageKind(bytes);
}

/** The sentence the gateway answers a voucher that is not one of the four kinds with (the browser says it in the person's language). */
export const NOT_AN_IMAGE = 'each picture must be a PNG, JPEG, GIF or WEBP image (checked by its bytes, not its name)';
