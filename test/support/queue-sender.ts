/**
 * A child process for the kill -9 test of the local queue: sends numbered messages to the queue log given as
 * argv[2] one after another and prints each number once send() has resolved (the acknowledgement), until killed.
 */
import { LocalQueue } from '../../local/queue/local-queue';

const queue = new LocalQueue({ name: 'jobs', visibilityTimeoutSeconds: 30, persistPath: process.argv[2] });
for (let n = 1; ; n++) {
  await queue.send(`message-${n}`);
  process.stdout.write(`${n}\n`);
}
