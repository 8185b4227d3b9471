/**
 * Webhooks: endpoints and their store port, events and their publisher, the delivery record and its store port,
 * endpoint management with its SSRF rules, signing, and the delivery itself (the SQS handler, manual and test
 * deliveries). Everything else in this folder is internal to it.
 */
export type { DeliveryDeps, PostFunction } from './delivery-deps';
export { createDeliveryHandler } from './delivery-handler';
export type { DeliveryStore } from './delivery-store';
export { DELIVERY_RETENTION_SECONDS, DELIVERY_STATUSES, type DeliveryAttempt, type DeliveryRecord, type DeliveryStatus } from './delivery';
export type { WebhookEndpointStore } from './endpoint-store';
export type { WebhookEndpoint } from './endpoint';
export { type EventPublisher, publishScanEvents, QueueEventPublisher } from './event-publisher';
export { EVENT_TYPES, type EventType, isEventType, routineGeneratedEvent, scoreUpdatedEvent, TEST_EVENT_TYPE } from './events';
export { postWebhook } from './http-sender';
export { addEndpoint, EndpointUrlError, rotateEndpointSecret, setEndpointEnabled } from './manage-endpoints';
export { replayDelivery, sendTestEvent } from './manual-delivery';
export { USER_AGENT } from './signature';
export type { UrlRules } from './ssrf/endpoint-url';
export { type Resolver, systemResolver } from './ssrf/resolve';
