import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutKeys } from './dynamo-items';
import type { Member, MemberStore } from '../../members/contract';

const emailKey = (email: string) => `email#${email}`;

/**
 * Members in the `members` table: one item per email (pk `email#…`), gsi1 lists an account's members; one
 * `settings` item holds the operator's self-serve sign-up switch.
 */
export class DynamoMemberStore implements MemberStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** False when the email is taken. */
  async create(member: Member): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: emailKey(member.email), sk: 'member', gsi1pk: `acct#${member.account_id}`, gsi1sk: member.email, ...member },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async findByEmail(email: string): Promise<Member | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: emailKey(email), sk: 'member' }, ConsistentRead: true }),
    );
    return Item ? withoutKeys<Member>(Item) : undefined;
  }

  /** Self-serve sign-up is on unless the operator turned it off (`skin accounts signup off`). */
  async signUpEnabled(): Promise<boolean> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk: 'settings', sk: 'sign-up' }, ConsistentRead: true }));
    return Item?.enabled !== false;
  }

  async setSignUpEnabled(enabled: boolean, at: string): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { pk: 'settings', sk: 'sign-up', enabled, updated_at: at } }));
  }
}

