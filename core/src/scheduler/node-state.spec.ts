import { describe, expect, it } from 'vitest';
import type { InferenceServiceClient } from '@idgate/protos';
import { NodeState, pickNode } from './node-state.ts';

const node = (address: string, outstanding: number, poolSize = 1, health: NodeState['health'] = 'healthy'): NodeState => {
  const n = new NodeState(address, {} as InferenceServiceClient);
  Object.assign(n, { outstanding, poolSize, health, maxQueue: 4 });
  return n;
};

describe('least-outstanding node choice', () => {
  it('sends the job to the node with the fewest outstanding jobs per worker', () => {
    const nodes = [node('a', 3), node('b', 1), node('c', 4, 8)];
    expect(pickNode(nodes, new Set(), 0)?.address).toBe('c');
    expect(pickNode([node('a', 3), node('b', 1)], new Set(), 0)?.address).toBe('b');
  });

  it('skips nodes that are down, saturated or already tried for this job', () => {
    const [a, b, c] = [node('a', 0, 1, 'down'), node('b', 5), node('c', 2)];
    expect(pickNode([a, b, c], new Set(), 0)?.address).toBe('c');
    expect(pickNode([a, b, c], new Set([c]), 0)).toBeUndefined();
  });

  it('spreads ties round-robin', () => {
    const nodes = [node('a', 0), node('b', 0), node('c', 0)];
    expect([0, 1, 2, 3].map((t) => pickNode(nodes, new Set(), t)?.address)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('prefers a node known healthy over one not checked yet', () => {
    expect(pickNode([node('a', 0, 1, 'unknown'), node('b', 0)], new Set(), 0)?.address).toBe('b');
  });

  it('estimates Retry-After from outstanding work', () => {
    const n = node('a', 10, 2);
    n.meanRunTimeMs = 400;
    expect(n.retryAfterSeconds).toBe(2);
  });
});
