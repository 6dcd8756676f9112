/**
 * At most `max` at once, the rest waiting first come first served: the one mechanism behind the
 * load shedder (load-shed.ts) and pages taking turns (page-turns.ts).
 */
export function createTurns(max: number) {
  let active = 0;
  const waiting = new Set<() => void>();
  return {
    active: () => active,
    waiting: () => waiting.size,
    /**
     * Runs `start` with a place taken: now when one is free, else when one is given back. Null
     * when it ran now; otherwise a cancel, true if it was still waiting (and now never runs).
     */
    enter(start: () => void): (() => boolean) | null {
      const run = () => {
        active += 1;
        start();
      };
      if (active < max) {
        run();
        return null;
      }
      waiting.add(run);
      return () => waiting.delete(run);
    },
    /** Gives a place back: the first one waiting takes it. */
    leave() {
      active -= 1;
      const first = waiting.values().next();
      if (!first.done) {
        waiting.delete(first.value);
        first.value();
      }
    },
  };
}
