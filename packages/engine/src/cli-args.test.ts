import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';

describe('parseCliArgs', () => {
  it('maps nmap-like flags onto engine options', () => {
    const config = parseCliArgs([
      '192.0.2.0/24',
      '-p',
      '22,80',
      '--checks',
      'none',
      '-o',
      'sarif',
      '--rate',
      '100',
      '--threads',
      '1',
      '-Pn',
    ]);
    expect(config).toMatchObject({
      targets: '192.0.2.0/24',
      output: 'sarif',
      engine: { ports: [22, 80], checks: 'none', rate: 100, threads: 1, skipDiscovery: true },
    });
  });

  it('takes --top-ports as the most common ports', () => {
    const config = parseCliArgs(['198.51.100.1', '--top-ports', '3']);
    expect(config !== 'help' && config.engine.ports).toEqual([80, 23, 443]);
  });

  it.each([
    ['ports', { portsOnly: true, checks: 'none' }],
    ['services', { portsOnly: false, checks: 'none' }],
    ['all', { portsOnly: false, checks: 'all' }],
  ])('--run %s chooses what is run', (run, engine) => {
    const config = parseCliArgs(['192.0.2.1', '--run', run]);
    expect(config !== 'help' && config.engine).toMatchObject(engine);
  });

  it('runs everything by default, as before --run existed', () => {
    const config = parseCliArgs(['192.0.2.1']);
    expect(config !== 'help' && config.engine).toMatchObject({ portsOnly: false, checks: 'all' });
  });

  it.each([
    [['--run', 'fast', '192.0.2.1'], 'Unknown --run "fast": use ports, services or all'],
    [['--run', 'ports', '--checks', 'tls', '192.0.2.1'], '--run ports leaves out'],
    [['-o', 'pdf', '192.0.2.1'], 'Unknown output format "pdf"'],
    [['--rate', 'fast', '192.0.2.1'], '--rate must be a positive integer, got "fast"'],
    [[], 'No targets given'],
  ])('rejects %j with a message a person can act on', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
