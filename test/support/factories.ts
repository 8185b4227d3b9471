/**
 * Typed factories for the records and events the core works on: a valid value with every field, and the
 * overrides a test cares about. A change to a record's type breaks here once, not in every test.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { ScanRecord } from '../../functions/scans/scan';
import type { DeliveryRecord } from '../../functions/webhooks/delivery';
import type { WebhookEndpoint } from '../../functions/webhooks/endpoint';
import type { Tenant } from '../../functions/kernel/tenant';

export const TENANT: Tenant = { accountId: 'acct_01JD0000000000000000000000', environment: 'test' };

const AT = '2031-03-04T05:06:10.000Z';

export function scanRecord(overrides: Partial<ScanRecord> = {}): ScanRecord {
  const scanId = overrides.scan_id ?? 'scan_01JD0000000000000000000001';
  return {
    scan_id: scanId,
    status: 'processing',
    user_id: null,
    skin_score: null,
    markers: {},
    created_at: AT,
    completed_at: null,
    model: null,
    image: { width: 640, height: 640, format: 'jpeg' },
    face: null,
    quality: null,
    error: null,
    account_id: TENANT.accountId,
    environment: TENANT.environment,
    requested_markers: ['acne', 'hydration'],
    image_key: `${TENANT.accountId}/${TENANT.environment}/${scanId}/image.jpg`,
    ...overrides,
  };
}

export function webhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    endpoint_id: 'whk_01JD0000000000000000000001',
    account_id: TENANT.accountId,
    environment: TENANT.environment,
    url: 'https://hooks.example.com/skin',
    events: null,
    status: 'enabled',
    disabled_reason: null,
    secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function deliveryRecord(overrides: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return {
    delivery_id: 'dlv_01JD0000000000000000000001',
    event_id: 'evt_01JD0000000000000000000001',
    event_type: 'scan.completed',
    endpoint_id: 'whk_01JD0000000000000000000001',
    account_id: TENANT.accountId,
    environment: TENANT.environment,
    body: JSON.stringify({ type: 'scan.completed', data: { scan_id: 'scan_01JD0000000000000000000001' } }),
    status: 'pending',
    run: 1,
    run_attempts: 0,
    attempts: [],
    lease_until: 0,
    claimed_by: null,
    enqueued_at: AT,
    next_attempt_at: null,
    final_error: null,
    dead_lettered: false,
    created_at: AT,
    updated_at: AT,
    expires_at: Math.floor(Date.parse(AT) / 1000) + 30 * 86_400,
    ...overrides,
  };
}

/** One SQS record as the Lambda poller delivers it. */
export function sqsRecord(body: string, overrides: { messageId?: string; receiveCount?: number } = {}): SQSRecord {
  const messageId = overrides.messageId ?? 'msg-1';
  return {
    messageId,
    receiptHandle: `receipt-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(overrides.receiveCount ?? 1),
      SentTimestamp: String(Date.parse(AT)),
      SenderId: '000000000000',
      ApproximateFirstReceiveTimestamp: String(Date.parse(AT)),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test-queue',
    awsRegion: 'us-east-1',
  };
}

export function sqsEvent(...records: SQSRecord[]): SQSEvent {
  return { Records: records };
}
