import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { METRICS_NAMESPACE } from '../functions/kernel/metrics';
import { PROJECT_ROOT } from './project-paths';

export type LambdaArchitecture = 'arm64' | 'x86_64';

/** The Lambda runtime of every function (the esbuild target follows it). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * esbuild writes one ESM file; bundled CommonJS dependencies still call `require` (node: built-ins), which
 * ESM lacks, so the bundle starts with a real one.
 */
const ESM_REQUIRE_SHIM =
  "import { createRequire as __skinCreateRequire } from 'node:module'; const require = __skinCreateRequire(import.meta.url);";

const AFTER_BUNDLING_SCRIPT = join(PROJECT_ROOT, 'lib', 'bundling', 'after-bundling.ts');

/**
 * Native packages the bundles load with `require` instead of Node's ESM loader: esbuild aliases each to its
 * module in lib/bundling/native-imports/ (why: sharp.ts there). The others stay plain external imports.
 */
const REQUIRED_NATIVE_PACKAGES: Record<string, string> = {
  sharp: join(PROJECT_ROOT, 'lib', 'bundling', 'native-imports', 'sharp.ts'),
  'onnxruntime-node': join(PROJECT_ROOT, 'lib', 'bundling', 'native-imports', 'onnxruntime-node.ts'),
};

export interface ServiceFunctionProps {
  /** Absolute path of the TypeScript entry file exporting `handler`. */
  entry: string;
  description: string;
  /** POWERTOOLS_SERVICE_NAME, and the name in the function's logs. */
  serviceName: string;
  memorySize: number;
  timeout: Duration;
  architecture: LambdaArchitecture;
  environment: Record<string, string>;
  /**
   * npm packages with native code: left external by esbuild, then installed into the bundle for the target
   * architecture only (lib/bundling/native-packages.ts).
   */
  nativePackages?: string[];
  /** Copies the ONNX models and manifest into the bundle's `models/` (MODEL_DIR=/var/task/models). */
  includeModels?: boolean;
  /** Copies the API reference renderer into the bundle's `docs-assets/` (GET /docs). */
  includeDocsAssets?: boolean;
  logRetention?: RetentionDays;
  logRemovalPolicy?: RemovalPolicy;
  /**
   * Concurrent executions kept for this function alone, which are also its ceiling (lib/concurrency.ts).
   * Undefined: none reserved; it shares the account's unreserved pool.
   */
  reservedConcurrentExecutions?: number;
}

/**
 * A service Lambda function: ESM bundle built locally by esbuild (no Docker), the AWS SDK bundled with it (the
 * versions the tests ran, and a bundle that loads without the runtime's node_modules), its own log group with
 * a retention, and a role that may write only to that log group (no AWSLambdaBasicExecutionRole) and send X-Ray
 * traces (active tracing; the function's Powertools Tracer adds its subsegments). Custom metrics are CloudWatch
 * EMF lines in the function's log, namespace POWERTOOLS_METRICS_NAMESPACE: no permission beyond the log group.
 */
export class ServiceFunction extends NodejsFunction {
  readonly logGroupResource: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.serviceName} function: its own log group, plus the grants of its construct`,
    });
    logGroup.grantWrite(role);

    const cpu = props.architecture === 'x86_64' ? 'x64' : 'arm64';
    const nativePackages = props.nativePackages ?? [];
    const afterBundlingArgs = [
      `--cpu ${cpu}`,
      ...(nativePackages.length > 0 ? [`--packages ${nativePackages.join(',')}`] : []),
      ...(props.includeModels ? ['--models'] : []),
      ...(props.includeDocsAssets ? ['--docs-assets'] : []),
    ];
    const requireAliases = nativePackages.filter((name) => name in REQUIRED_NATIVE_PACKAGES).map((name) => `${name}=${REQUIRED_NATIVE_PACKAGES[name]}`);
    const needsAfterBundling = nativePackages.length > 0 || props.includeModels === true || props.includeDocsAssets === true;

    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: props.architecture === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      environment: {
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        keepNames: true,
        sourceMap: false,
        // Bundle everything (the AWS SDK too) except the native packages, installed after esbuild.
        externalModules: nativePackages,
        ...(requireAliases.length > 0 ? { esbuildArgs: { '--alias': requireAliases } } : {}),
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_SHIM,
        logLevel: LogLevel.WARNING,
        forceDockerBundling: false,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir: string, outputDir: string) =>
            needsAfterBundling
              ? [
                  `"${process.execPath}" --import tsx "${AFTER_BUNDLING_SCRIPT}" --out "${outputDir}" ${afterBundlingArgs.join(' ')}`,
                ]
              : [],
        },
      },
    });
    this.logGroupResource = logGroup;
  }
}
