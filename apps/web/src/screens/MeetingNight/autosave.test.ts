import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutosave, type SaveState } from "./autosave";

const offline = () => Object.assign(new TypeError("Failed to fetch"), {});
const refused = (status: number) => Object.assign(new Error("no"), { data: { httpStatus: status } });

describe("autosave", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function setup(save: (value: number) => Promise<unknown>) {
    const states: SaveState[] = [];
    const saver = createAutosave<number>({ save, onState: (s) => states.push(s), delayMs: 500 });
    return { saver, states };
  }

  it("waits for a pause, then saves the latest value once", async () => {
    const save = vi.fn(() => Promise.resolve());
    const { saver, states } = setup(save);
    saver.change(1);
    saver.change(2);
    await vi.advanceTimersByTimeAsync(400);
    saver.change(3);
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith(3);
    expect(states.at(-1)).toBe("saved");
    expect(saver.pending()).toBeUndefined();
  });

  it("sends one request at a time; a change made meanwhile follows it", async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn((_: number) => new Promise<void>((resolve) => (finish = resolve)));
    const { saver } = setup(save);
    saver.change(1);
    await vi.advanceTimersByTimeAsync(500);
    saver.change(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });

  it("retries after a lost connection with the latest value, then says saved", async () => {
    let online = false;
    const save = vi.fn((_: number) => (online ? Promise.resolve() : Promise.reject(offline())));
    const { saver, states } = setup(save);
    saver.change(7);
    await vi.advanceTimersByTimeAsync(500);
    expect(states.at(-1)).toBe("retrying");
    expect(saver.pending()).toBe(7);
    saver.change(8);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenLastCalledWith(8);
    online = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenLastCalledWith(8);
    expect(states.at(-1)).toBe("saved");
    const calls = save.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(calls);
  });

  it("gives up on a refusal (409 scoring closed) without retrying", async () => {
    const save = vi.fn(() => Promise.reject(refused(409)));
    const { saver, states } = setup(save);
    saver.change(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe("failed");
  });

  it("flush saves a waiting change at once", async () => {
    const save = vi.fn(() => Promise.resolve());
    const { saver } = setup(save);
    saver.change(4);
    saver.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith(4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
