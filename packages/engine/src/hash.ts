import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './canonical.js';

export { bytesToHex, hexToBytes, utf8ToBytes };

export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(sha256, key, message);
}

/** SHA-256 of the canonical JSON of a value: how states, orders and headers are fingerprinted. */
export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
