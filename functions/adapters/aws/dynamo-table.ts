import { GetCommand, PutCommand, type DynamoDBDocumentClient, type GetCommandOutput } from '@aws-sdk/lib-dynamodb';

/**
 * What every DynamoDB store shares: the document client and its table's physical name (adapters/aws/stores.ts
 * gives both), and the two requests they all make the same way.
 */
export abstract class DynamoTable {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  /** Writes a new item; refused (ConditionalCheckFailedException) when an item with its key exists. */
  protected async putNew(item: Record<string, unknown>): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  }

  /** Reads one item by its key; `consistent` when the caller must see its own last write. */
  protected readItem(key: { pk: unknown; sk: unknown }, options: { consistent?: boolean } = {}): Promise<GetCommandOutput> {
    return this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ...(options.consistent ? { ConsistentRead: true } : {}) }));
  }
}
