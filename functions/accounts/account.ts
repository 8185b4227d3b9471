export type Plan = 'sandbox' | 'business' | 'enterprise';

export const PLANS: readonly Plan[] = ['sandbox', 'business', 'enterprise'];

/** Requests per 60-second window, per environment (DESIGN.md section 3, "Limits"). Enterprise sets its own. */
export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, number> = { sandbox: 30, business: 60 };

export interface Account {
  account_id: string;
  name: string;
  plan: Plan;
  /** Requests per minute per environment. */
  rate_limit: number;
  created_at: string;
}
