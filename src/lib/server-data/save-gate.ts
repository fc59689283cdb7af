// Whether reads may be saved to the device (ADR 032): closed while a sign-out clears it, so a
// response that lands late cannot put organization data back. Its own small module: the sign-out
// and the cached profile read it from the first route, while the persisted cache (./query-cache.ts,
// with IndexedDB) loads with the data layer.
/** Set while a sign-out clears the device: nothing may be saved again until it is allowed. */
let savesBlocked = false;
/** Blocks (a sign-out started) or allows again (the page stays, signed out) every save of a read. */
export function blockQueryCacheSaves(blocked: boolean): void {
  savesBlocked = blocked;
}

export function queryCacheSavesBlocked(): boolean {
  return savesBlocked;
}

