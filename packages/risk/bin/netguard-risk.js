#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so the package needs no build step.
import { register } from 'tsx/esm/api';

register();
process.env.NETGUARD_RISK_CLI = '1';
await import('../src/cli.ts');
