/**
 * A background pass run at once, then every `intervalMs`, never two at a time: the reminders and
 * the flight watch. A failed pass goes to `failed` and the next one tries again; stop() waits for
 * the pass under way.
 */
export interface Periodic<T> {
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

export function startPeriodic<T>(pass: () => Promise<T>, options: { intervalMs: number; failed: (error: unknown) => void }): Periodic<T> {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = (): Promise<T> => {
    const next = running.then(pass);
    running = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    // Logged before stop() sees the pass end.
    running = runOnce().catch(options.failed);
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
