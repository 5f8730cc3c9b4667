import type { TPriorityItem } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { orderAssessments, orderQueue } from './risk-order';

let n = 0;
const item = (overrides: Partial<TPriorityItem>): TPriorityItem => ({
  vulnerability_id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  title: 'Finding',
  host: '127.0.0.1',
  port: 22,
  cve_id: null,
  riskScore: 50,
  coordinator: null,
  deployer: null,
  due_at: null,
  owner: null,
  ...overrides,
});

const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('orderQueue', () => {
  it('puts the deployer decision first: Immediate, Out-of-Cycle, Scheduled, Defer, undecided', () => {
    const queue = [
      item({ title: 'undecided', riskScore: 100 }),
      item({ title: 'defer', deployer: 'defer' }),
      item({ title: 'immediate', deployer: 'immediate', riskScore: 10 }),
      item({ title: 'scheduled', deployer: 'scheduled' }),
      item({ title: 'out of cycle', deployer: 'out_of_cycle' }),
    ];
    expect(titles(orderQueue(queue))).toEqual([
      'immediate',
      'out of cycle',
      'scheduled',
      'defer',
      'undecided',
    ]);
  });

  it('breaks ties by coordinator outcome, then the earliest due date, then the higher score', () => {
    const queue = [
      item({ title: 'track', deployer: 'scheduled', coordinator: 'track' }),
      item({ title: 'act', deployer: 'scheduled', coordinator: 'act' }),
      item({ title: 'attend, no due', deployer: 'scheduled', coordinator: 'attend' }),
      item({
        title: 'attend, due later',
        deployer: 'scheduled',
        coordinator: 'attend',
        due_at: '2026-12-20T00:00:00.000Z',
      }),
      item({
        title: 'attend, due soon, low',
        deployer: 'scheduled',
        coordinator: 'attend',
        due_at: '2026-12-01T00:00:00.000Z',
        riskScore: 40,
      }),
      item({
        title: 'attend, due soon, high',
        deployer: 'scheduled',
        coordinator: 'attend',
        due_at: '2026-12-01T00:00:00.000Z',
        riskScore: 80,
      }),
    ];
    expect(titles(orderQueue(queue))).toEqual([
      'act',
      'attend, due soon, high',
      'attend, due soon, low',
      'attend, due later',
      'attend, no due',
      'track',
    ]);
  });

  it('leaves the given list untouched', () => {
    const queue = [item({ title: 'b' }), item({ title: 'a', deployer: 'immediate' })];
    orderQueue(queue);
    expect(titles(queue)).toEqual(['b', 'a']);
  });
});

describe('orderAssessments', () => {
  it('shows the highest score first, then the better-known first among equal scores', () => {
    const rows = [
      { title: 'low', riskScore: 20, confidence: 1 },
      { title: 'high, unsure', riskScore: 90, confidence: 0.3 },
      { title: 'high, sure', riskScore: 90, confidence: 0.9 },
    ];
    expect(titles(orderAssessments(rows))).toEqual(['high, sure', 'high, unsure', 'low']);
  });
});
