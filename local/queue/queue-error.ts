/** Errors named like the SQS API's, so callers can branch on `error.name` the same way in both runtimes. */
export type QueueErrorName = 'InvalidParameterValue' | 'ReceiptHandleIsInvalid';

export class QueueError extends Error {
  override readonly name: QueueErrorName;

  constructor(name: QueueErrorName, message: string) {
    super(message);
    this.name = name;
  }
}
