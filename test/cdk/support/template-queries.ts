import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { SkinAnalysisStack } from '../../../lib/skin-analysis-stack';

export interface CfnResourceJson {
  Type: string;
  Properties: Record<string, any>;
}

export function logicalId(stack: SkinAnalysisStack, construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return stack.getLogicalId(element);
}

export function resource(template: Template, id: string): CfnResourceJson {
  const found = template.toJSON().Resources[id] as CfnResourceJson | undefined;
  if (!found) throw new Error(`no resource ${id} in the template`);
  return found;
}

export function resourcesOfType(template: Template, type: string): Record<string, CfnResourceJson> {
  return template.findResources(type) as Record<string, CfnResourceJson>;
}

/** Every statement of the policies attached to a role, with Action and Resource as arrays. */
export function roleStatements(template: Template, roleId: string): Array<{ Effect: string; Action: string[]; Resource: unknown[] }> {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>)
    .map((statement) => ({
      Effect: statement.Effect as string,
      Action: ([] as string[]).concat(statement.Action as string | string[]),
      Resource: ([] as unknown[]).concat(statement.Resource),
    }));
}

/** Actions a role may take on a resource, by the resource's logical id (Fn::GetAtt / Ref / Fn::Join on it). */
export function actionsOn(template: Template, roleId: string, resourceId: string): string[] {
  const mentions = (value: unknown): boolean => JSON.stringify(value).includes(`"${resourceId}"`);
  return [
    ...new Set(
      roleStatements(template, roleId)
        .filter((statement) => statement.Effect === 'Allow' && statement.Resource.some(mentions))
        .flatMap((statement) => statement.Action),
    ),
  ].sort();
}

/** Replaces CloudFormation references by plain strings, as they are at run time. */
export function resolvedEnvironment(fn: CfnResourceJson): Record<string, string> {
  const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [key, typeof value === 'string' ? value : `resolved-${key.toLowerCase()}`]),
  );
}
