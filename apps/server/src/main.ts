import { exitOnConfigError } from './config-error.ts';
import { startServer } from './serve.ts';

await exitOnConfigError(startServer);
