// The CDK app entry (cdk.json: `npx tsx bin/cdk-app.ts`). Configuration by context: see lib/app.ts.
import { buildApp } from '../lib/app';

buildApp().app.synth();
