import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs. Never pass keys, secrets, webhook signatures or image bytes: log ids and sizes only.
 */
export function createLogger(serviceName: string): Logger {
  const level = process.env.LOG_LEVEL ?? 'INFO';
  return new Logger({ serviceName, logLevel: level as 'INFO' });
}
