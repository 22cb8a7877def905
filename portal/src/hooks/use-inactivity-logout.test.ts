import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { watchInactivity, LOGOUT_DELAY_MS } from './use-inactivity-logout.ts';

const TEN_MINUTES = 10 * 60 * 1000;

describe('watchInactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires after the timeout without activity and logs out two seconds later', () => {
    const target = new EventTarget();
    const onExpire = vi.fn();
    const onLogout = vi.fn();
    watchInactivity(target, TEN_MINUTES, { onExpire, onLogout });
    vi.advanceTimersByTime(TEN_MINUTES - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(LOGOUT_DELAY_MS - 1);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('restarts the wait on any activity', () => {
    const target = new EventTarget();
    const onExpire = vi.fn();
    watchInactivity(target, TEN_MINUTES, { onExpire, onLogout: vi.fn() });
    vi.advanceTimersByTime(9 * 60 * 1000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(9 * 60 * 1000);
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(9 * 60 * 1000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('tells the server about activity at most every quarter of the timeout (the server ends idle sessions too)', () => {
    const target = new EventTarget();
    const keepAlive = vi.fn();
    watchInactivity(target, TEN_MINUTES, { onExpire: vi.fn(), onLogout: vi.fn(), keepAlive });
    target.dispatchEvent(new Event('mousemove'));
    expect(keepAlive).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TEN_MINUTES / 4);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keydown'));
    expect(keepAlive).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(TEN_MINUTES / 4);
    target.dispatchEvent(new Event('scroll'));
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });

  it('stops watching when asked', () => {
    const target = new EventTarget();
    const onExpire = vi.fn();
    const stop = watchInactivity(target, 1000, { onExpire, onLogout: vi.fn() });
    stop();
    vi.advanceTimersByTime(5000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
