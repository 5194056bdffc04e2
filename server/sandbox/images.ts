/**
 * Product pictures the sandbox draws itself (no internet): a soft gradient in the product's own hue
 * with a simple package shape, different for each picture number, so galleries look like galleries.
 */
export function productSvg(goodsId: number, hue: number, n: number): string {
  const h2 = (hue + 40 + n * 25) % 360;
  const shapes = [
    `<rect x="110" y="90" width="180" height="230" rx="22" fill="hsl(${hue} 55% 42%)"/><rect x="135" y="130" width="130" height="60" rx="8" fill="#fff" opacity=".85"/>`,
    `<circle cx="200" cy="200" r="115" fill="hsl(${hue} 55% 45%)"/><circle cx="200" cy="200" r="60" fill="#fff" opacity=".8"/>`,
    `<path d="M200 70 L320 300 L80 300 Z" fill="hsl(${hue} 55% 44%)"/><rect x="160" y="210" width="80" height="50" rx="6" fill="#fff" opacity=".8"/>`,
    `<rect x="80" y="120" width="240" height="160" rx="16" fill="hsl(${hue} 50% 46%)"/><rect x="80" y="120" width="240" height="40" rx="16" fill="hsl(${hue} 50% 34%)"/>`,
    `<ellipse cx="200" cy="210" rx="140" ry="90" fill="hsl(${hue} 55% 45%)"/><rect x="150" y="90" width="100" height="60" rx="10" fill="hsl(${hue} 55% 35%)"/>`,
  ];
  const shape = shapes[(goodsId + n) % shapes.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="product ${goodsId}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 92%)"/><stop offset="1" stop-color="hsl(${h2} 60% 80%)"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>${shape}
<text x="200" y="372" font-family="sans-serif" font-size="22" text-anchor="middle" fill="hsl(${hue} 40% 25%)">#${goodsId}${n > 1 ? ` · ${n}` : ''}</text>
</svg>`;
}
