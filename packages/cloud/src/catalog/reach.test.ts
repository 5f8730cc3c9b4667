import { describe, expect, it } from 'vitest';
import { AWS_CHECKS } from './aws.ts';
import { AZURE_CHECKS } from './azure.ts';
import { GCP_CHECKS } from './gcp.ts';
import { PUBLIC_ACCESS_CHECKS } from './reach.ts';

describe('PUBLIC_ACCESS_CHECKS', () => {
  it('names only checks of the catalogs', () => {
    const ids = new Set([...AWS_CHECKS, ...AZURE_CHECKS, ...GCP_CHECKS].map((c) => c.id));
    expect([...PUBLIC_ACCESS_CHECKS].filter((id) => !ids.has(id))).toEqual([]);
  });
});
