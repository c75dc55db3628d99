// When each of the mix's connections starts (ADR 0093). autocannon's connectionRate gives each
// connection a one-second setInterval from the moment it is created, and it sends when that timer
// fires; connections created together (one autocannon run, or runs started on whole seconds) all
// send in the same few milliseconds of every second. That burst made a request's latency its
// place in a queue of ~37 (reads p50 218 ms, p99 410 ms on an idle machine, every route alike),
// not what the 200 independent members the bench models would see. So each connection is its own
// run, and the starts are spread evenly over the second: connection i ticks at i ÷ connections s.

/** Start times in seconds, ascending: the ramp's steps as before, each connection at its own phase. */
export function connectionStarts(connections: number, rampSeconds: number): number[] {
  const steps = Math.max(1, Math.min(4, connections));
  return Array.from({ length: connections }, (_, i) => {
    // Dealt round the steps, so each step's connections spread over the whole second too.
    const stepStart = (rampSeconds * (i % steps)) / steps;
    return Math.floor(stepStart) + i / connections;
  }).sort((a, b) => a - b);
}
