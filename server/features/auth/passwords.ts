import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes). @node-rs/argon2 hashes on libuv's thread
// pool, so a sign-in storm does not block the event loop.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// Off the event loop is not enough: four pool threads hashing at once on a two-core machine
// leave the event loop a fraction of a core, and hold the pool's threads the schedule cache's
// compression also needs. At most one hash per core but one runs at once; the rest wait their
// turn (bench/festival-day.ts, the sign-in storm).
const MAX_HASHING = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: Array<() => void> = [];

async function oneAtATurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_HASHING) hashing += 1;
  // A finishing hash hands its turn straight to the next in line (see finally).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATurn(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Compared against when the e-mail is unknown, so that answer costs the same time as a
// wrong password and does not reveal which addresses have accounts.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
