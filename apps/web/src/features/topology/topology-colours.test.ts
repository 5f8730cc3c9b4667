import { describe, expect, it } from 'vitest';
import {
  LINK_STROKES,
  TRAFFIC_COLOURS,
  trafficColour,
  trafficLevel,
} from '@/features/topology/topology-colours';

describe('traffic colours', () => {
  it('is red above 70, amber above 40, green otherwise', () => {
    expect(trafficLevel(100)).toBe('high');
    expect(trafficLevel(71)).toBe('high');
    expect(trafficLevel(70)).toBe('medium');
    expect(trafficLevel(41)).toBe('medium');
    expect(trafficLevel(40)).toBe('low');
    expect(trafficLevel(0)).toBe('low');
    expect(trafficColour(78)).toBe(TRAFFIC_COLOURS.high);
    expect(trafficColour(47)).toBe(TRAFFIC_COLOURS.medium);
    expect(trafficColour(19)).toBe(TRAFFIC_COLOURS.low);
  });

  it('dashes Wi-Fi links only', () => {
    expect(LINK_STROKES.wifi.dash).toBeTruthy();
    expect(LINK_STROKES.ethernet.dash).toBeUndefined();
    expect(LINK_STROKES.wan.dash).toBeUndefined();
  });
});
