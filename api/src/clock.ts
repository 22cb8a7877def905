// Time as a dependency, so tests can move it.
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private t = new Date()) {}
  now(): Date {
    return new Date(this.t.getTime());
  }
  set(d: Date): void {
    this.t = new Date(d.getTime());
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}
