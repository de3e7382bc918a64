import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { createPushService, type PushProgress } from '../services/push.service.ts';
import { createS3TargetService } from '../services/s3-target.service.ts';
import { MediaStore } from '../storage/media-store.ts';

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** The progress line: `anna-ben: 12/40 files, 3.2/10.0 MB (sent 1.1 MB)`. */
export const progressLine = (p: PushProgress & { code: string }) =>
  `${p.code}: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB (sent ${p.filesSent} files, ${mb(p.bytesSent)} MB)`;

/**
 * `momentbox push [--event CODE]`: pushes one event, or every finished one, to the S3 bucket set in the
 * dashboard (issue 29). The dashboard's button starts this same command as a child process. On a terminal the
 * progress line is rewritten in place; otherwise a line every few seconds. Exit 1 when a push failed.
 */
export async function push(config: Config, eventCode: string | undefined, print: (line: string) => void): Promise<number> {
  const store = new MediaStore(config.dataDir);
  if (!existsSync(store.databasePath)) {
    print(`No database at ${store.databasePath}: nothing to push.`);
    return 1;
  }
  const db = openDatabase(store.databasePath);
  try {
    const s3 = createS3TargetService({ db });
    if (!s3.target()) {
      print('No S3 storage is set up: enter it in the admin dashboard (Nach dem Event sichern) first.');
      return 1;
    }
    const pushes = createPushService({ db, store, s3, retentionDays: config.retentionDays });
    let ids: number[];
    if (eventCode !== undefined) {
      const row = db.select({ id: events.id }).from(events).where(eq(events.code, eventCode)).get();
      if (!row) {
        print(`No event with the code '${eventCode}'.`);
        return 1;
      }
      ids = [row.id];
    } else {
      ids = pushes.finishedEventIds();
      if (ids.length === 0) print('No finished event to push.');
    }
    const tty = process.stdout.isTTY;
    let failed = 0;
    for (const id of ids) {
      let lastLine = 0;
      const result = await pushes.push(id, (p) => {
        if (tty) process.stdout.write(`\r${progressLine(p)}`);
        else if (performance.now() - lastLine > 2000) {
          lastLine = performance.now();
          print(progressLine(p));
        }
      });
      if (tty) process.stdout.write('\n');
      const code = db.select({ code: events.code }).from(events).where(eq(events.id, id)).get()?.code ?? String(id);
      print(progressLine({ ...result, code }));
      if (result.state === 'failed') {
        failed++;
        print(`${code}: push failed: ${result.error}`);
      } else print(`${code}: pushed.`);
    }
    return failed ? 1 : 0;
  } catch (err) {
    if (err instanceof AppError) {
      print(`push: ${err.code}`);
      return 1;
    }
    throw err;
  } finally {
    db.$client.close();
  }
}
