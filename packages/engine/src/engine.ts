import { createAnalysis } from './analysis.ts';
import { createPortEngine, type EngineOptions } from './port-engine.ts';

/**
 * Creates a scan engine. run() streams ports and findings to the handlers and resolves with a
 * summary. Throws on an unknown check id.
 * @example await createEngine({ ports: 'top100' }).run('127.0.0.1', { onFinding: console.log })
 */
export function createEngine(options: EngineOptions = {}) {
  return createPortEngine(options, options.portsOnly ? undefined : createAnalysis(options));
}
