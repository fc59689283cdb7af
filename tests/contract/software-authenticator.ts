// A software WebAuthn authenticator for the contract tests: what a security key and the browser do
// together for navigator.credentials.create/get (W3C WebAuthn Level 2, sections 6.1 and 7), with an
// ES256 key from node:crypto, "none" attestation and a signature counter. It signs what it is told
// to, so a test can also make the answers an attacker would (another origin, RP ID or challenge, an
// old counter). The server checks them with @simplewebauthn/server; nothing here is the server's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Bytes = Uint8Array;
const b64url = (b: Bytes | ArrayBuffer) => Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b).toString('base64url');
const sha256 = (b: Bytes | string) => createHash('sha256').update(b).digest();

/** Minimal CBOR (RFC 8949) for the attestation object and the COSE key: maps, ints, text, bytes. */
type Cbor = number | string | Bytes | Map<number | string, Cbor>;
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** The options supabase-js's mfa.challenge hands to navigator.credentials (binary fields as ArrayBuffer). */
interface CreationOptions {
  challenge: ArrayBuffer;
  rp: { id?: string; name: string };
  user: { id: ArrayBuffer; name: string };
}
interface RequestOptions {
  challenge: ArrayBuffer;
  rpId?: string;
  allowCredentials?: { id: ArrayBuffer }[];
}

/** What an attacker may change about one answer. */
export interface Tamper {
  origin?: string;
  rpId?: string;
  /** The challenge written into clientDataJSON instead of the one received (base64url). */
  challenge?: string;
  /** The signature counter sent instead of the next one. */
  counter?: number;
  /** A registration under this credential id (base64url) instead of a new random one. */
  credentialId?: string;
}

/** A credential as supabase-js's mfa.verify takes it: it calls toJSON() (WebAuthn Level 3). */
export interface CredentialLike {
  id: string;
  type: 'public-key';
  toJSON(): Record<string, unknown>;
  getClientExtensionResults(): Record<string, unknown>;
}

const credentialOf = (id: Bytes, json: Record<string, unknown>): CredentialLike => ({
  id: b64url(id),
  type: 'public-key',
  toJSON: () => json,
  getClientExtensionResults: () => ({}),
});

export class SoftwareAuthenticator {
  private readonly keys = new Map<string, { privateKey: KeyObject; counter: number; userHandle: Bytes }>();

  /** `origin`: the page's origin, as the browser writes it into clientDataJSON. */
  constructor(readonly origin: string) {}

  /** The stored counter of a credential (the next assertion sends one more). */
  counterOf(credentialId: string): number {
    return this.keys.get(credentialId)!.counter;
  }

  /** navigator.credentials.create: a new ES256 credential for the RP (flags UP, UV, AT). */
  create(options: CreationOptions, tamper: Tamper = {}): CredentialLike {
    const rpId = tamper.rpId ?? options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = tamper.credentialId ? Buffer.from(tamper.credentialId, 'base64url') : randomBytes(16);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const counter = 0;
    const idLength = Buffer.from([id.length >> 8, id.length & 0xff]);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), u32(counter), Buffer.alloc(16), idLength, id, cose]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, tamper);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    // A registration under someone else's credential id is a forgery: the real key stays the one kept.
    if (!tamper.credentialId) this.keys.set(b64url(id), { privateKey, counter, userHandle: new Uint8Array(options.user.id) });
    return credentialOf(id, {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb'] },
    });
  }

  /** navigator.credentials.get: an assertion by `credentialId` (default: the first allowed one). */
  get(options: RequestOptions, tamper: Tamper = {}, credentialId?: string): CredentialLike {
    const id = credentialId ?? b64url(options.allowCredentials![0]!.id);
    const key = this.keys.get(id);
    if (!key) throw new Error(`no credential ${id} on this authenticator`);
    const counter = tamper.counter ?? key.counter + 1;
    key.counter = Math.max(key.counter, counter);
    const authData = Buffer.concat([sha256(tamper.rpId ?? options.rpId!), Buffer.from([0x05]), u32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    const raw = Buffer.from(id, 'base64url');
    return credentialOf(raw, {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: b64url(key.userHandle) },
    });
  }

  private clientData(type: string, challenge: ArrayBuffer, tamper: Tamper): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: tamper.challenge ?? b64url(challenge), origin: tamper.origin ?? this.origin, crossOrigin: false }));
  }
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}
