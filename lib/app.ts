import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { SkinAnalysisStack } from './skin-analysis-stack';
import type { LambdaArchitecture } from './service-function';

/**
 * The CDK app, configured by context (`-c key=value` or cdk.json):
 *   architecture  arm64 (default) | x86_64
 *   stackName     default SkinAnalysis
 *   tablePrefix   default skin
 *   retainData    true (default) | false: false lets `cdk destroy` delete tables and the (emptied) buckets
 *   alarmTopicArn an SNS topic for every alarm
 *   logLevel      DEBUG | INFO (default) | WARN | ERROR: LOG_LEVEL of every function
 *   inferenceReservedConcurrency  N | none: reserved concurrency of the inference function (default 12)
 *   deliveryReservedConcurrency   N | none: reserved concurrency of the delivery function (default 7)
 *   nag           true (default) | false: cdk-nag AwsSolutions checks; unsuppressed errors fail synth
 */
export function buildApp(props: AppProps = {}): { app: App; stack: SkinAnalysisStack } {
  const app = new App(props);
  const context = (key: string): unknown => app.node.tryGetContext(key);
  const stack = new SkinAnalysisStack(app, stringContext(context('stackName')) ?? 'SkinAnalysis', {
    description: 'Skin analysis API: API Gateway, Lambda (API, inference, webhook delivery), SQS, DynamoDB, S3',
    architecture: parseArchitecture(context('architecture')),
    tablePrefix: stringContext(context('tablePrefix')),
    retainData: booleanContext(context('retainData'), true),
    alarmTopicArn: stringContext(context('alarmTopicArn')),
    logLevel: parseLogLevel(context('logLevel')),
    inferenceReservedConcurrency: parseReservedConcurrency(context('inferenceReservedConcurrency'), 'inferenceReservedConcurrency'),
    deliveryReservedConcurrency: parseReservedConcurrency(context('deliveryReservedConcurrency'), 'deliveryReservedConcurrency'),
  });
  if (booleanContext(context('nag'), true)) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

export function parseArchitecture(value: unknown): LambdaArchitecture {
  if (value === undefined || value === null || value === '' || value === 'arm64') return 'arm64';
  if (value === 'x86_64' || value === 'x64' || value === 'amd64') return 'x86_64';
  throw new Error(`context architecture: expected arm64 or x86_64, received ${JSON.stringify(value)}`);
}

/** A reserved concurrency from context: undefined (the default), `none` (null: no reservation), or a whole number ≥ 1. */
export function parseReservedConcurrency(value: unknown, key: string): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'none' || value === false || value === 'false') return null;
  const number = typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`context ${key}: expected a whole number of executions or none, received ${JSON.stringify(value)}`);
  }
  return number;
}

const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

function parseLogLevel(value: unknown): (typeof LOG_LEVELS)[number] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const level = String(value).toUpperCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as (typeof LOG_LEVELS)[number];
  throw new Error(`context logLevel: expected one of ${LOG_LEVELS.join(', ')}, received ${JSON.stringify(value)}`);
}

function stringContext(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function booleanContext(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`context: expected true or false, received ${JSON.stringify(value)}`);
}
