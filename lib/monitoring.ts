import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

const FIVE_MINUTES = Duration.minutes(5);

/** An alarm on the first occurrence: `metric` at 1 or more in one period, quiet while there is no data. */
function firstOccurrenceAlarm(scope: Construct, id: string, alarmDescription: string, metric: IMetric): Alarm {
  return new Alarm(scope, id, {
    alarmDescription,
    metric,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * The alarms of one function: any unhandled error, any throttle, and p99 duration above 80 % of its timeout
 * (a function close to its timeout is about to start failing).
 */
export class FunctionAlarms extends Construct {
  readonly errors: Alarm;
  readonly throttles: Alarm;
  readonly p99Duration: Alarm;

  constructor(scope: Construct, id: string, props: { fn: IFunction; timeout: Duration; label: string }) {
    super(scope, id);
    this.errors = firstOccurrenceAlarm(
      this,
      'Errors',
      `${props.label} function: invocations ended in an unhandled error`,
      props.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
    );
    this.throttles = firstOccurrenceAlarm(
      this,
      'Throttles',
      `${props.label} function: invocations were throttled (concurrency limit)`,
      props.fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
    );
    this.p99Duration = new Alarm(this, 'P99Duration', {
      alarmDescription: `${props.label} function: p99 duration above 80 % of the ${props.timeout.toSeconds()} s timeout`,
      metric: props.fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }),
      threshold: Math.round(props.timeout.toMilliseconds() * 0.8),
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

/** A message in a dead-letter queue is work that was given up on: alarm on the first one. */
export function deadLetterAlarm(scope: Construct, id: string, queue: IQueue, label: string): Alarm {
  return firstOccurrenceAlarm(
    scope,
    id,
    `${label}: messages in the dead-letter queue (work given up after its retries)`,
    queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
  );
}

/** Sends every alarm under `scope` to `action` (for example an SNS topic that pages someone). */
export function addActionToAllAlarms(scope: Construct, action: IAlarmAction): void {
  for (const child of scope.node.findAll()) {
    if (child instanceof Alarm) {
      child.addAlarmAction(action);
      child.addOkAction(action);
    }
  }
}
