import type { Clock } from '../../../functions/kernel/clock';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(public t: number = Date.parse('2031-03-04T05:06:10Z')) {}

  now(): number {
    return this.t;
  }

  advance(ms: number): void {
    this.t += ms;
  }
}
