// Whatever ran just before (the test suite, a build, Lighthouse) still weighs on the cores for a
// while, and both Lighthouse's blocking time and the bench's requests/s measure the machine as
// much as the site: wait, within a limit, for the one-minute load average to fall below 0.5.
import os from "node:os";

/** Waits up to `maxSeconds` for a quiet machine; says so when it waits, and when it gives up. */
export async function waitForQuietMachine(maxSeconds, consequence) {
  for (let waited = 0; os.loadavg()[0] > 0.5 && waited < maxSeconds; waited += 5) {
    if (waited === 0) console.log(`Load average ${os.loadavg()[0].toFixed(2)}: waiting up to ${maxSeconds} s for the machine to settle.`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const [load1] = os.loadavg();
  if (load1 > 0.5) console.warn(`Load average ${load1.toFixed(2)} before the run: other work shares these cores, so ${consequence}`);
}
