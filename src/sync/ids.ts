// UUIDv7 (RFC 9562): 48-bit Unix ms timestamp + random bits. The outbox idempotency key.
export type RandomBytes = (bytes: Uint8Array) => void;

const cryptoRandom: RandomBytes = (bytes) => {
  crypto.getRandomValues(bytes);
};

export function uuidv7(nowMs: number = Date.now(), random: RandomBytes = cryptoRandom): string {
  const b = new Uint8Array(16);
  random(b);
  let ts = Math.max(0, Math.floor(nowMs));
  for (let i = 5; i >= 0; i--) {
    b[i] = ts % 256;
    ts = Math.floor(ts / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Milliseconds encoded in a UUIDv7 (for display and tests). */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
