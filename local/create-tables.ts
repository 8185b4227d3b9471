import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GSI1, PROCESSING_INDEX, TABLES, TABLE_NAMES, physicalTableName } from '../functions/adapters/aws/tables';

/** Creates any missing table of functions/adapters/aws/tables.ts, as the CDK stack does on AWS. */
export async function createTables(client: DynamoDBClient, prefix: string): Promise<void> {
  for (const table of TABLE_NAMES) {
    const name = physicalTableName(prefix, table);
    try {
      await client.send(new DescribeTableCommand({ TableName: name }));
      continue;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const withIndex = TABLES[table].gsi1;
    const withProcessingIndex = table === PROCESSING_INDEX.table;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          ...(withIndex
            ? [
                { AttributeName: 'gsi1pk', AttributeType: 'S' as const },
                { AttributeName: 'gsi1sk', AttributeType: 'S' as const },
              ]
            : []),
          ...(withProcessingIndex
            ? [
                { AttributeName: PROCESSING_INDEX.partitionKey, AttributeType: 'S' as const },
                { AttributeName: PROCESSING_INDEX.sortKey, AttributeType: 'S' as const },
              ]
            : []),
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        ...(withIndex || withProcessingIndex
          ? {
              GlobalSecondaryIndexes: [
                ...(withIndex
                  ? [
                      {
                        IndexName: GSI1,
                        KeySchema: [
                          { AttributeName: 'gsi1pk', KeyType: 'HASH' as const },
                          { AttributeName: 'gsi1sk', KeyType: 'RANGE' as const },
                        ],
                        Projection: { ProjectionType: 'ALL' as const },
                      },
                    ]
                  : []),
                ...(withProcessingIndex
                  ? [
                      {
                        IndexName: PROCESSING_INDEX.name,
                        KeySchema: [
                          { AttributeName: PROCESSING_INDEX.partitionKey, KeyType: 'HASH' as const },
                          { AttributeName: PROCESSING_INDEX.sortKey, KeyType: 'RANGE' as const },
                        ],
                        Projection: { ProjectionType: 'KEYS_ONLY' as const },
                      },
                    ]
                  : []),
              ],
            }
          : {}),
      }),
    );
  }
}
