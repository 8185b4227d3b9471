import type { Context } from 'hono';
import type { DashboardEnv } from './deps';
import { basePath } from './http-context';
import { hasLiveKeys } from './session-middleware';
import type { Frame } from './views/frame';

/** Fixed messages shown after a redirect (`?notice=`); never text from the request itself. */
const NOTICES: Record<string, string> = {
  welcome: 'Welcome! Your Sandbox account is ready: create a test key below.',
  key_revoked: 'The key was revoked: requests with it are refused from now on.',
  endpoint_added: 'The endpoint was added.',
  endpoint_enabled: 'The endpoint was enabled.',
  endpoint_disabled: 'The endpoint was disabled: no events are sent to it.',
  endpoint_deleted: 'The endpoint was deleted.',
  secret_rotated: 'The signing secret was rotated; the old one keeps signing beside it for 24 hours.',
  test_sent: 'A test event was queued for delivery.',
  replayed: 'The delivery was queued again from the start of its retry schedule.',
};

export function frameOf(c: Context<DashboardEnv>, section: Frame['section']): Frame {
  const account = c.get('account');
  return {
    base: basePath(c),
    environment: c.get('environment'),
    csrf: c.get('session').csrf_token,
    account,
    email: c.get('session').email,
    liveAllowed: hasLiveKeys(account.plan),
    section,
    notice: NOTICES[c.req.query('notice') ?? ''],
  };
}
