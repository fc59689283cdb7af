// SHA-256 of a whole file. crypto.subtle.digest is asynchronous and browsers compute it off the
// main thread; 25 MB fits in memory (digest cannot stream), so no extra worker is needed (ADR 006).
export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const digest = await crypto.subtle.digest('SHA-256', view as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
