import { AwsSolutionsChecks } from 'cdk-nag';
import { synthesize } from './synth';
const r = synthesize({ inferenceEntry: '/work/main/test/cdk/fixtures/tmp-inference.ts', apiEntry: '/work/main/test/cdk/fixtures/tmp-api.ts' });
const report = new AwsSolutionsChecks().validateScope(r.stack);
for (const v of report.violations) console.log(v.severity, v.ruleName, v.violatingResources.map((x) => x.constructPath).join(', '));
