import { accountsCommand } from './commands/accounts';
import { devCommand } from './commands/dev';
import { keysCommand } from './commands/keys';
import { webhooksCommand } from './commands/webhooks';
import { deliveriesCommand } from './commands/deliveries';
import { scanCommand } from './commands/scan';
import { demoCommand } from './commands/demo';
import { corsCommand } from './commands/cors';
import { CliError } from './admin-context';

const USAGE = `usage: skin <command>

  dev                      run the whole service locally (what npm start runs)
  accounts create|list     manage accounts and plans
  keys create|list|rotate|revoke
                           manage API keys
  webhooks add|list|remove|rotate-secret|enable|disable|test|listen
                           manage webhook endpoints; listen runs a verifying local receiver
  cors add|list|remove ORIGIN [--env test|live]
                           browser origins allowed to call the API (apps, docs/apps.md)
  deliveries list|show|replay
                           the webhook delivery log (30 days) and redelivery
  scan IMAGE... [--markers a,b] [--user ID] [--json]
                           scan photos with the API client (local stack, or SKIN_API_URL + SKIN_API_KEY)
  demo [IMAGE] [--json]    scan the sample portrait (or IMAGE): scores, quality checks, the overlay PNG's path

PORT and DATA_DIR move the API port (3000) and the data folder (.data); the commands follow DATA_DIR.
HOST is the interface \`dev\` listens on (127.0.0.1; 0.0.0.0 to reach it from other devices on the network).
SKIN_TARGET=aws points the admin commands at a deployed stack (TABLE_PREFIX, IMAGES_BUCKET, AWS_REGION).`;

const commands: Record<string, (args: string[]) => Promise<void>> = {
  dev: () => devCommand(),
  accounts: accountsCommand,
  keys: keysCommand,
  webhooks: webhooksCommand,
  deliveries: deliveriesCommand,
  scan: scanCommand,
  demo: demoCommand,
  cors: corsCommand,
};

// Local tools run on the machine's Node (20 here); the Lambda runtime is nodejs22.x, where the SDK never warns.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = name && name !== 'help' && name !== '--help' ? 2 : 0;
    return;
  }
  await command(args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError || (error instanceof Error && error.name === 'DomainError') || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`skin: ${error.message}\n`);
  } else {
    process.stderr.write(`skin: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  }
  process.exitCode = 1;
});
