import { createHash, randomBytes } from 'node:crypto';
import { SECRET_BYTES } from '@umpire/engine';

/**
 * Secrets of the server: seat and host tokens (given to people once, kept only as hashes) and the dice secrets of
 * open steps (kept until the step resolves and the record reveals them).
 */
export const newToken = (): string => randomBytes(24).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(`umpire-token:${token}`).digest('hex');
export const newDiceSecret = (): string => randomBytes(SECRET_BYTES).toString('hex');
/** The token in the subject of a seat's mails (128 bits in hex, easy to keep in a reply). */
export const newMailToken = (): string => randomBytes(16).toString('hex');
/** A one-time code that claims an open seat (the host passes its link on); kept as a hash like the tokens. */
export const newClaimCode = (): string => randomBytes(16).toString('base64url');
