// Writes the app icons (PNG + SVG) into public/ without an image library:
// the shield mark is rasterised with 4x4 supersampling and encoded with zlib.
// Run: node scripts/make-icons.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BG = [15, 76, 92]; // #0f4c5c deep teal
const FG = [255, 255, 255];

// Shield outline in a 100x100 box (sides, then a curved base to the tip).
function shieldPoints() {
  const pts = [[50, 12], [80, 22], [80, 48]];
  for (let i = 1; i <= 12; i++) {
    const t = i / 12; // quadratic curve (80,48) -> (80,72) -> (50,88)
    pts.push([(1 - t) ** 2 * 80 + 2 * (1 - t) * t * 78 + t * t * 50, (1 - t) ** 2 * 48 + 2 * (1 - t) * t * 74 + t * t * 88]);
  }
  for (let i = 11; i >= 0; i--) {
    const [x, y] = pts[3 + i];
    if (i === 11) continue;
    pts.push([100 - x, y]);
  }
  pts.push([20, 48], [20, 22]);
  return pts;
}
const SHIELD = shieldPoints();
const CHECK = [[36, 50], [46, 60], [65, 38]];

function inPolygon(x, y, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
function distToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}
function onCheck(x, y) {
  return distToSegment(x, y, CHECK[0], CHECK[1]) < 4.2 || distToSegment(x, y, CHECK[1], CHECK[2]) < 4.2;
}

/** size px; scale = shield size relative to the icon; radius = corner radius (0..0.5) of the background. */
function render(size, { scale, radius }) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let pxX = 0; pxX < size; pxX++) {
      let bg = 0, fg = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = (pxX + (sx + 0.5) / S) / size; // 0..1
          const v = (py + (sy + 0.5) / S) / size;
          if (!inRoundedSquare(u, v, radius)) continue;
          bg++;
          const x = 50 + (u - 0.5) * 100 / scale;
          const y = 50 + (v - 0.5) * 100 / scale;
          if (inPolygon(x, y, SHIELD) && !onCheck(x, y)) fg++;
        }
      }
      const a = bg / (S * S);
      const f = bg ? fg / bg : 0;
      const i = (py * size + pxX) * 4;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(BG[c] * (1 - f) + FG[c] * f);
      px[i + 3] = Math.round(a * 255);
    }
  }
  return encodePng(size, px);
}
function inRoundedSquare(u, v, r) {
  if (r <= 0) return true;
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  return Math.hypot(u - cx, v - cy) <= r;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg({ scale, radius }) {
  const t = (p) => p.map(([x, y]) => `${(50 + (x - 50) * scale).toFixed(2)},${(50 + (y - 50) * scale).toFixed(2)}`).join(' ');
  const rx = radius * 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="${rx}" fill="#0f4c5c"/><polygon points="${t(SHIELD)}" fill="#fff"/><polyline points="${t(CHECK)}" fill="none" stroke="#0f4c5c" stroke-width="${(8.4 * scale).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;
}

mkdirSync('public/icons', { recursive: true });
const regular = { scale: 0.86, radius: 0.22 };
const maskable = { scale: 0.62, radius: 0 };
writeFileSync('public/icons/icon-192.png', render(192, regular));
writeFileSync('public/icons/icon-512.png', render(512, regular));
writeFileSync('public/icons/maskable-192.png', render(192, maskable));
writeFileSync('public/icons/maskable-512.png', render(512, maskable));
writeFileSync('public/icons/apple-touch-icon.png', render(180, { scale: 0.72, radius: 0 }));
writeFileSync('public/favicon.svg', svg(regular));
console.log('icons written to public/icons and public/favicon.svg');
