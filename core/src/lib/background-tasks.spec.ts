import { describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { BackgroundTasks } from './background-tasks.ts';

describe('background tasks (asynchronous face jobs)', () => {
  const log = createLogger({ level: 'silent', component: 'test' });

  it('answers INFERENCE_BUSY with a Retry-After once the limit is running, and frees the slot when a task ends', async () => {
    const tasks = new BackgroundTasks({ limit: 2, log });
    const release: Array<() => void> = [];
    for (let i = 0; i < 2; i++) tasks.start('t', () => new Promise<void>((r) => release.push(r)));
    let busy: unknown;
    try {
      tasks.assertCapacity();
    } catch (err) {
      busy = err;
    }
    expect(busy).toMatchObject({ code: 'INFERENCE_BUSY', details: { retryAfterSeconds: 2 } });
    release[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(() => tasks.assertCapacity()).not.toThrow();
    release[1]?.();
    await tasks.drain();
    expect(tasks.size).toBe(0);
  });

  it('drain waits for running tasks; a task that throws is logged, not rethrown', async () => {
    const tasks = new BackgroundTasks({ limit: 4, log });
    let finished = false;
    tasks.start('slow', async () => {
      await new Promise((r) => setTimeout(r, 20));
      finished = true;
    });
    tasks.start('broken', async () => {
      throw new Error('boom');
    });
    await tasks.drain();
    expect(finished).toBe(true);
    expect(tasks.size).toBe(0);
  });
});
