import type { OpParsedInput } from '../../contract';
import { fail } from './errors';
import { lineByMerchantSku } from './orders';
import type { World } from './world';

const MAX_BYTES = 1024 * 1024;

/** The image type read from the first bytes; the name or a claimed type is not trusted. */
export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', ext: 'png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return { mime: 'image/gif', ext: 'gif' };
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

export function uploadPictures(world: World, input: OpParsedInput<'afterSale.picture'>, imageBase: string) {
  if (!lineByMerchantSku(world.db, input.orderSn, input.sku)) fail(`订单商品不存在：${input.orderSn} / sku ${input.sku}`);
  const decoded = input.pictures.map((b64, i) => {
    const buf = Buffer.from(b64, 'base64');
    if (buf.length === 0) fail(`第 ${i + 1} 张图片为空`);
    if (buf.length > MAX_BYTES) fail(`第 ${i + 1} 张图片超过 1MB（${(buf.length / 1024 / 1024).toFixed(2)}MB）`);
    const type = sniffImage(buf) ?? fail(`第 ${i + 1} 张图片不是 PNG、JPEG、GIF 或 WEBP 图片`);
    return { buf, type };
  });
  const ins = world.db.prepare('INSERT INTO vouchers (order_sn, sku, mime, data, created_time) VALUES (?, ?, ?, ?, ?)');
  const urls = world.db.transaction(() =>
    decoded.map(({ buf, type }) => {
      const id = Number(ins.run(input.orderSn, input.sku, type.mime, buf, world.clock.nowSec()).lastInsertRowid);
      return `${imageBase}/vouchers/${id}.${type.ext}`;
    }),
  )();
  return { urls };
}
