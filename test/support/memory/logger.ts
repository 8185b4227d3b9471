import { Logger } from '@aws-lambda-powertools/logger';

/** A logger that writes nothing: the core's tests assert on records and results, not on log lines. */
export function silentLogger(): Logger {
  return new Logger({ serviceName: 'test', logLevel: 'SILENT' });
}
