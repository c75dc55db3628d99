import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id (the library's default algorithm; its `Algorithm` enum cannot be imported under
 * verbatimModuleSyntax) with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane.
 */
export const argon2Parameters = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const);

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Parameters);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  if (!stored.startsWith("$argon2id$")) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Reads m, t and p back from a PHC string such as `$argon2id$v=19$m=19456,t=2,p=1$…`. */
export function readArgon2Parameters(stored: string) {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return undefined;
  return {
    algorithm: match[1],
    version: Number(match[2]),
    memoryCost: Number(match[3]),
    timeCost: Number(match[4]),
    parallelism: Number(match[5]),
  };
}
