/**
 * Node benches time CPU, not the wall clock: this process's user + system time (process.cpuUsage, µs resolution),
 * which leaves out whatever the scheduler gave to other processes on a shared machine. Measured on this machine
 * under a load average of 17 on 2 cores: a 80 µs loop read 80–130 000 µs of wall time and 80–9 000 µs of CPU,
 * and nearly every sample exactly 80–84. A sample should last a few hundred µs, so the resolution stays under 1 %.
 */

/** CPU time, in µs, of `batch` calls of `fn`, per call; each result goes through `keep` so none is optimised away. */
export function cpuPerCallUs(fn: () => number, batch: number, keep: (x: number) => void): number {
  let sum = 0;
  const c0 = process.cpuUsage();
  for (let i = 0; i < batch; i++) sum += fn();
  const c = process.cpuUsage(c0);
  keep(sum);
  return (c.user + c.system) / batch;
}

/** CPU time, in µs, of one run of `work`. */
export function cpuUs(work: () => void): number {
  const c0 = process.cpuUsage();
  work();
  const c = process.cpuUsage(c0);
  return c.user + c.system;
}
