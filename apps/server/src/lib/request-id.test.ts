import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/log-capture.ts';
import { jobRequestId, runJob, runTask, withRequestId } from './job-context.ts';
import {
  currentTrace,
  isRequestId,
  newRequestId,
  requestIdOf,
  traceLog,
  withTrace,
} from './request-id.ts';

describe('request ids', () => {
  it('takes a short safe token from the caller', () => {
    for (const id of ['test-abc-123', 'a', 'A.b_c:d-e', '9f1c2d3e-0000-4000-8000-000000000000'])
      expect(requestIdOf(id)).toBe(id);
    expect(requestIdOf('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('replaces anything else with a generated id', () => {
    const junk = [
      undefined,
      '',
      'x'.repeat(65),
      'x'.repeat(200),
      'has spaces',
      'line\nbreak',
      'trailing\n',
      'tab\tid',
      '{"level":60}',
      'quote"d',
      'ünïcode',
      ['dup', 'licate'],
    ];
    for (const header of junk) {
      const id = requestIdOf(header);
      expect(isRequestId(id)).toBe(true);
      expect(id).not.toBe(header);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('generates a different id each time', () => {
    const ids = new Set(Array.from({ length: 100 }, newRequestId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(isRequestId(id)).toBe(true);
  });

  it('keeps the trace across awaits and timers, and only inside', async () => {
    const { log } = captureLogs();
    expect(currentTrace()).toBeUndefined();
    expect(traceLog(log)).toBe(log);
    const traced = log.child({ reqId: 'r-1' });
    const seen = await withTrace({ requestId: 'r-1', log: traced }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [currentTrace()?.requestId, traceLog(log) === traced];
    });
    expect(seen).toEqual(['r-1', true]);
    expect(currentTrace()).toBeUndefined();
  });
});

describe('job context', () => {
  it('adds the running trace’s id to a job payload, and nothing outside one', () => {
    const { log } = captureLogs();
    expect(withRequestId({ scan_id: 's' })).toEqual({ scan_id: 's' });
    expect(withTrace({ requestId: 'req-7', log }, () => withRequestId({ scan_id: 's' }))).toEqual({
      scan_id: 's',
      request_id: 'req-7',
    });
  });

  it('reads the id a job was sent with, or names the job', () => {
    const job = (data: unknown) => ({ id: 'j1', name: 'scan-plan', data });
    expect(jobRequestId(job({ scan_id: 's', request_id: 'test-abc-123' }))).toBe('test-abc-123');
    expect(jobRequestId(job({ scan_id: 's' }))).toBe('job:j1');
    expect(jobRequestId(job({ request_id: 'bad id\n' }))).toBe('job:j1');
    expect(jobRequestId(job(null))).toBe('job:j1');
  });

  it('logs a job’s lines with its reqId and jobId, and sends its jobs under the same id', async () => {
    const { log, lines } = captureLogs();
    const sent = await runJob(
      log,
      { id: 'job-42', name: 'scan-plan', data: { request_id: 'test-abc-123' } },
      async (jobLog) => {
        jobLog.info('working');
        return withRequestId({ chunk_id: 'c' });
      },
    );
    expect(sent).toEqual({ chunk_id: 'c', request_id: 'test-abc-123' });
    expect(lines.map((l) => l.msg)).toEqual(['job started', 'working', 'job finished']);
    for (const line of lines)
      expect(line).toMatchObject({ reqId: 'test-abc-123', jobId: 'job-42', queue: 'scan-plan' });

    await expect(
      runJob(log, { id: 'job-43', name: 'scan-chunk', data: {} }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(lines.at(-1)).toMatchObject({ msg: 'job failed', reqId: 'job:job-43', level: 40 });
  });

  it('gives scheduled work an id of its own', async () => {
    const { log, lines } = captureLogs();
    const id = await runTask(log, 'schedule', async (taskLog) => {
      taskLog.info('tick');
      return currentTrace()?.requestId;
    });
    expect(id).toMatch(/^schedule:[0-9a-f]{8}$/);
    expect(lines).toMatchObject([{ msg: 'tick', reqId: id }]);
  });
});
