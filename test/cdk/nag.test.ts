import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { synthesizedTemplateForFile } from './support/synth';

const synth = synthesizedTemplateForFile();

/** Rule ids acknowledged anywhere in the stack, with their reasons (CDK stores them as `Annotation::<id>`). */
function acknowledgements(): Array<[rule: string, reason: string]> {
  return synth.stack.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as Record<string, string>)),
    )
    .map(([rule, reason]) => [rule.replace(/^annotation::/i, ''), reason]);
}

describe('cdk-nag AwsSolutions', () => {
  it('when the stack is checked with AwsSolutionsChecks, then there is no unacknowledged finding', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(synth.stack);
    const findings = report.violations.map((violation) => ({
      rule: violation.ruleName,
      severity: violation.severity,
      resources: violation.violatingResources.map((r) => r.constructPath),
    }));
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('when the acknowledgements are read, then each one gives a reason of at least one sentence', () => {
    const acknowledged = acknowledgements();
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [rule, reason] of acknowledged) {
      expect(rule).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.trim().length, `reason for ${rule}`).toBeGreaterThanOrEqual(40);
    }
  });

  it('when the acknowledgements are read, then none acknowledges a rule wholesale for IAM wildcards', () => {
    const iam5 = acknowledgements()
      .map(([rule]) => rule)
      .filter((rule) => rule.includes('IAM5'));
    expect(iam5.length).toBeGreaterThan(0);
    for (const rule of iam5) expect(rule).toMatch(/^AwsSolutions-IAM5\[(Action|Resource)::.+\]$/);
  });
});
