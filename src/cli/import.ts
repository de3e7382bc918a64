import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { errorMessage } from '../i18n/index.ts';
import { AppError } from '../lib/errors.ts';
import { createImportService, type ImportProgress, type ImportRun } from '../services/import.service.ts';
import { createS3TargetService } from '../services/s3-target.service.ts';
import { MediaStore } from '../storage/media-store.ts';

export interface ImportArgs {
  event?: string;
  as?: string;
  from?: string;
  /** an event export ZIP (the admin's whole-event export) */
  zip?: string;
  /** one JSON line per step (Partial<ImportRun>), for the server that started it */
  json: boolean;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/**
 * `momentbox import --event CODE [--as NEWCODE] [--from DIR]`: brings a pushed event back from the S3 storage set
 * in the dashboard, or from a folder with the bucket's layout (docs/s3.md). Without --event it lists the events
 * found. `momentbox import --zip FILE [--as NEWCODE]`: from the admin's export ZIP of an event.
 * The dashboard's 'Event importieren' runs this with --json and follows its lines.
 */
export async function importEvent(config: Config, args: ImportArgs, print: (line: string) => void): Promise<number> {
  const store = new MediaStore(config.dataDir);
  const db = openDatabase(store.databasePath);
  const say = (line: Partial<ImportRun>, text: string) => print(args.json ? JSON.stringify(line) : text);
  try {
    const s3 = createS3TargetService({ db });
    const imports = createImportService({ db, store, s3 });
    const folder = args.from ? resolve(args.from) : undefined;
    let last = 0;
    const onProgress = (p: ImportProgress) => {
      if (performance.now() - last < 250 && p.filesDone < p.filesTotal) return;
      last = performance.now();
      say({ ...p }, `${args.event ?? args.zip}: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`);
    };
    const imported = (done: { eventId: number; code: string }) => {
      say({ state: 'done', eventId: done.eventId, newCode: done.code }, `Imported as '${done.code}'.`);
      return 0;
    };
    if (args.zip) {
      const { source, code } = await imports.openZip(resolve(args.zip));
      return imported(await imports.run(source, code, args.as, onProgress));
    }
    if (!folder && !s3.target()) {
      print('No S3 storage is set up: enter it in the admin dashboard (Nach dem Event sichern), or import --from a folder.');
      return 1;
    }
    if (!args.event) {
      const found = await imports.available(folder);
      for (const e of found) print(`${e.code}\t${e.name}\t${e.uploads} uploads${e.exists ? '\t(this box has this code)' : ''}`);
      if (found.length === 0) print('No events found.');
      return 0;
    }
    return imported(await imports.run(imports.sourceOf(folder), args.event, args.as, onProgress));
  } catch (err) {
    // Whatever went wrong, the server that started this reads it (nothing was imported: see import.service.ts).
    const reason = err instanceof AppError ? `${err.code}: ${errorMessage('en', err.code, err.variant, err.details)}` : String(err);
    say({ state: 'failed', error: reason }, `import refused: ${reason}`);
    return 1;
  } finally {
    db.$client.close();
  }
}
