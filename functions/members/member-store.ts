import type { Member } from './member';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-member-store.ts. */
export interface MemberStore {
  /** False when the email is taken. */
  create(member: Member): Promise<boolean>;

  findByEmail(email: string): Promise<Member | undefined>;

  /** Self-serve sign-up is on unless the operator turned it off (`skin accounts signup off`). */
  signUpEnabled(): Promise<boolean>;

  setSignUpEnabled(enabled: boolean, at: string): Promise<void>;
}
