/**
 * Long jobs (a CSV import's parse and plan, a multipart body's copy, a long export) work in slices
 * of a few milliseconds and wait for `nextTurn()` between them. One slice runs per turn of the
 * event loop, whichever job it belongs to: with a plain `setImmediate` per slice, six imports at
 * once ran their six slices back to back in one check phase (~130 ms without a timer or a request
 * between them). Here the waiting slices queue, and the loop serves timers and I/O
 * between any two of them.
 */
const waiting: (() => void)[] = [];
let pumping = false;

function releaseOne(): void {
  waiting.shift()?.();
  // An immediate queued while the check phase runs waits for the next turn of the loop.
  if (waiting.length > 0) setImmediate(releaseOne);
  else pumping = false;
}

/** Resolves in a later turn of the event loop, after the slices that were waiting before it. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(releaseOne);
    }
  });
}
