// The next_run_at of an execution its batch holds back until the batch releases it in a wave.
export const HELD = new Date('9999-12-31T00:00:00Z');
