import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
const app = new App(); const s = new Stack(app, 'X'); new Bucket(s, 'B'); new Queue(s, 'Q');
const report = new AwsSolutionsChecks().validateScope(s);
for (const v of report.violations) console.log(v.severity, v.ruleName, v.violatingResources.map((x) => x.constructPath).join(', '));
