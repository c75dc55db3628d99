/** Time source for session expiry and rate limits; tests pass a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Readonly<Clock> = Object.freeze({ now: () => new Date() });

/** A clock tests move by hand. */
export function fakeClock(start = new Date("2026-01-15T10:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
