// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderIn } from '../../../test/render';
import { VoucherUploader } from './voucher-uploader';

/*
 * Issue 48.7: a file is a picture by its bytes. A text file named fake.png (declared image/png) is
 * refused with a sentence in the person's language and never uploaded; a real PNG is. The gateway
 * is the one part replaced: fetch answers the upload and records every call.
 */
let uploads: string[][];
beforeEach(() => {
  uploads = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/bff/op/afterSale.picture'))
        uploads.push((JSON.parse(String(init.body)) as { pictures: string[] }).pictures);
      const data = { urls: [`http://127.0.0.1/images/vouchers/${uploads.length}.png`] };
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={qc}>
      <VoucherUploader orderSn="SD-1" sku={200001} value={[]} onChange={() => undefined} label="Vouchers" />
    </QueryClientProvider>
  );
}

const fake = () => new File(['this is a text file that someone named fake.png\n'], 'fake.png', { type: 'image/png' });
const realPng = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3])], 'photo.png', { type: 'image/png' });

describe('voucher uploader: a picture by its bytes, not its name', () => {
  for (const [lang, sentence] of [
    ['zh-CN', '“fake.png” 名称像图片，但内容不是 PNG、JPEG、GIF 或 WEBP 图片，未上传。'],
    ['en', '“fake.png” is named like a picture, but its contents are not a PNG, JPEG, GIF or WEBP picture; it was not uploaded.'],
  ] as const) {
    it(`${lang}: refuses a text file named fake.png with a sentence and uploads nothing; a real PNG is uploaded`, async () => {
      renderIn(lang, <Harness />);
      fireEvent.change(screen.getByTestId('voucher-input'), { target: { files: [fake()] } });
      expect(await screen.findByText(sentence)).toBeTruthy();
      expect(uploads).toHaveLength(0);

      fireEvent.change(screen.getByTestId('voucher-input'), { target: { files: [realPng()] } });
      await waitFor(() => expect(uploads).toHaveLength(1));
      expect(Buffer.from(uploads[0]![0]!, 'base64').subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    });
  }
});
