/** Errors of the ingredient analysis. Request problems are not errors here: the schema reports them. */

/** The curated data failed validation at load: a deployment bug, never a client's fault. */
export class KnowledgeBaseError extends Error {
  override readonly name = 'KnowledgeBaseError';
  constructor(readonly problems: string[]) {
    super(`ingredient knowledge base is invalid: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}`);
  }
}
