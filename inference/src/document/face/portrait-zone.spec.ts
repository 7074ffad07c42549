import { describe, expect, it } from 'vitest';
import { portraitZone } from './portrait-zone.ts';

describe('portraitZone', () => {
  it('places the portrait left of centre above the first MRZ line', () => {
    // Utopia TD3 specimen: MRZ line 1 centred at (391, 427), 663 px for 44 characters.
    const zone = portraitZone({ cx: 391, cy: 427, width: 663, height: 20, angle: 0 }, 44, 793, 536);
    const photoCentre = { x: 157, y: 267 };
    expect(photoCentre.x).toBeGreaterThan(zone.x);
    expect(photoCentre.x).toBeLessThan(zone.x + zone.width);
    expect(photoCentre.y).toBeGreaterThan(zone.y);
    expect(photoCentre.y).toBeLessThan(zone.y + zone.height);
    expect(zone.width).toBeLessThan(793 / 2);
  });

  it('stays inside the page', () => {
    const zone = portraitZone({ cx: 100, cy: 50, width: 180, height: 10, angle: 0 }, 30, 200, 60);
    expect(zone.x).toBeGreaterThanOrEqual(0);
    expect(zone.y).toBe(0);
  });
});
