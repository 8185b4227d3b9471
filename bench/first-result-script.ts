/**
 * The script a fresh Node process runs to time the bundled inference function's cold start (bench/cold-start.ts,
 * bench/compare-cold-start.ts): import the bundle, run one scan job, print one JSON line with the wall times, the
 * process CPU, the CPU of the main thread and of the others (V8's compiler, GC helpers, libvips), and maxRSS
 * (the fields are described in bench/cold-start.ts, ChildTimings).
 */
import { scanJobEvent } from '../test/cdk/support/inference-bundle-run';

/** `bundle`: the bundle's index.mjs relative to the process's working folder; `jobBody`: the scan job message. */
export function firstResultScript(bundle: string, jobBody: string): string {
  return `const bootMs = performance.now();
const { handler } = await import('${bundle}');
const imported = performance.now();
const result = await handler(${JSON.stringify(scanJobEvent(jobBody, 'msg-1'))}, { functionName: 'inference', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60000 });
const first = performance.now();
if (result.batchItemFailures.length > 0) throw new Error('the scan job failed');
const cpu = process.cpuUsage();
const threads = { main: Number.NaN, others: Number.NaN };
try {
  const { readdirSync, readFileSync } = await import('node:fs');
  let main = 0;
  let others = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    // utime and stime, fields 14 and 15 of stat, after the parenthesised thread name; USER_HZ is 100 on Linux.
    const fields = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (Number(tid) === process.pid) main += ms;
    else others += ms;
  }
  Object.assign(threads, { main, others });
} catch {
  // No /proc (not Linux): the split stays NaN, the totals above are still measured.
}
process.stdout.write('\\n' + JSON.stringify({ bootMs, importMs: imported - bootMs, firstResultMs: first - imported, cpuMs: (cpu.user + cpu.system) / 1000, mainThreadCpuMs: threads.main, otherThreadsCpuMs: threads.others, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\\n');`;
}
