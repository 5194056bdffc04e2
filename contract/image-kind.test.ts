import { describe, expect, it } from 'vitest';
import { base64ImageKind, imageKind } from './image-kind';

const b64 = (bytes: number[] | string) => Buffer.from(bytes as never).toString('base64');

describe('a picture by its first bytes (issue 48.7)', () => {
  it('tells PNG, JPEG, GIF and WEBP apart, from bytes and from base64', () => {
    const cases: [number[] | string, string | null][] = [
      [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'png'],
      [[0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46], 'jpeg'],
      ['GIF89a\x01\x00\x01\x00', 'gif'],
      ['GIF87a', 'gif'],
      ['RIFF\x1a\x00\x00\x00WEBPVP8L', 'webp'],
      ['RIFF\x1a\x00\x00\x00WAVEfmt ', null],
      ['this is a text file named fake.png', null],
      ['%PDF-1.4', null],
      [[0x89, 0x50, 0x4e, 0x47], null],
      ['GIF8', null],
      ['', null],
    ];
    for (const [bytes, kind] of cases) {
      expect(imageKind([...Buffer.from(bytes as never)]), String(bytes)).toBe(kind);
      expect(base64ImageKind(b64(bytes)), String(bytes)).toBe(kind);
    }
  });
});
