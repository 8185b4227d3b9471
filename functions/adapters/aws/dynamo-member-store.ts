import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { conditionalWrite, withoutKeys } from './dynamo-items';
import type { Member, MemberStore } from '../../members/contract';

const emailKey = (email: string) => `email#${email}`;

/**
 * Members in the `members` table: one item per email (pk `email#…`), gsi1 lists an account's members; one
 * `settings` item holds the operator's self-serve sign-up switch.
 */
export class DynamoMemberStore extends DynamoTable implements MemberStore {
  /** False when the email is taken. */
  async create(member: Member): Promise<boolean> {
    return conditionalWrite(
      this.putNew({ pk: emailKey(member.email), sk: 'member', gsi1pk: `acct#${member.account_id}`, gsi1sk: member.email, ...member }),
    );
  }

  async findByEmail(email: string): Promise<Member | undefined> {
    const { Item } = await this.readItem({ pk: emailKey(email), sk: 'member' }, { consistent: true });
    return Item ? withoutKeys<Member>(Item) : undefined;
  }

  /** Self-serve sign-up is on unless the operator turned it off (`skin accounts signup off`). */
  async signUpEnabled(): Promise<boolean> {
    const { Item } = await this.readItem({ pk: 'settings', sk: 'sign-up' }, { consistent: true });
    return Item?.enabled !== false;
  }

  async setSignUpEnabled(enabled: boolean, at: string): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { pk: 'settings', sk: 'sign-up', enabled, updated_at: at } }));
  }
}

