import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../kernel/config';

/** Local stand-ins accept any credentials; s3rver wants these. On AWS the default provider chain applies. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function createDocumentClient(config: Config): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT, credentials: LOCAL_CREDENTIALS } : {}),
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export function createS3Client(config: Config): S3Client {
  return new S3Client({
    region: config.AWS_REGION,
    ...(config.S3_ENDPOINT
      ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS }
      : {}),
  });
}
