// Part n of `npm run bench` (issue 30 item 6): precision and recall of the face search at its threshold on the
// labelled set of real photos (tests/fixtures/faces, labels.json names who is in each). Every single-person
// photo is a selfie against all the others, as a guest's search runs (domain/faces.ts precisionRecall, the
// server's own rankMatches). The faces come from the product's engine (media/faces/engine.ts) in this process:
// a selfie as the file is sent, an upload as the indexer sees it, from its viewer preview (a JPEG of PREVIEW's
// size and quality, which moves a borderline face by a few hundredths). Beside the chosen threshold, face-api's
// usual 0.6 and a tighter 0.5, to show why the threshold is where it is.
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MATCH_THRESHOLD, precisionRecall, type LabelledPhoto } from '../../src/domain/faces.ts';
import { detectFaces } from '../../src/media/faces/engine.ts';
import { PREVIEW } from '../../src/media/images.ts';
import { FIXTURES } from '../../tests/helpers/server.ts';
import { fmt, type BenchPart, type BenchRow } from './lib.ts';

const SET = join(FIXTURES, 'faces');
/** The aims at the chosen threshold: few strangers among a guest's photos, most of their own found. */
const PRECISION_AIM = 0.9;
const RECALL_AIM = 0.7;

/** The labelled set, each photo with the faces the engine finds in it as a selfie and as an indexed upload. */
export async function describeLabelledSet(log: (line: string) => void = () => {}): Promise<LabelledPhoto[]> {
  const labels = JSON.parse(readFileSync(join(SET, 'labels.json'), 'utf8')) as Record<string, string[]>;
  const descriptors = async (input: string | Buffer) => (await detectFaces(sharp, input)).map((f) => f.descriptor);
  const photos: LabelledPhoto[] = [];
  for (const [name, people] of Object.entries(labels)) {
    const file = join(SET, name);
    const preview = await sharp(file)
      .rotate()
      .resize(PREVIEW.maxSide, PREVIEW.maxSide, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: PREVIEW.quality, progressive: true })
      .toBuffer();
    photos.push({ name, people, asSelfie: await descriptors(file), asUpload: await descriptors(preview) });
  }
  const people = new Set(photos.flatMap((p) => p.people)).size;
  log(`${photos.length} photos, ${people} people, ${photos.flatMap((p) => p.asUpload).length} faces found in the previews`);
  return photos;
}

export const facesPrecisionPart: BenchPart = {
  key: 'n',
  title: 'face search: precision and recall on the labelled set',
  async run(ctx) {
    const photos = await describeLabelledSet(ctx.log);
    const rows: BenchRow[] = [];
    for (const threshold of [MATCH_THRESHOLD, 0.6, 0.5]) {
      const r = precisionRecall(photos, threshold);
      const chosen = threshold === MATCH_THRESHOLD;
      if (chosen) for (const m of r.mistakes) ctx.log(`at ${threshold}: ${m}`);
      const counts = `${r.truePositives} right, ${r.falsePositives} strangers, ${r.falseNegatives} missed`;
      rows.push(
        {
          figure: `n: precision at ${threshold}${chosen ? ' (the threshold)' : ''}`,
          measured: fmt(r.precision, 2),
          reference: counts,
          ratio: '',
          aim: chosen ? `>= ${PRECISION_AIM}` : '',
          met: chosen ? r.precision >= PRECISION_AIM : null,
        },
        {
          figure: `n: recall at ${threshold}${chosen ? ' (the threshold)' : ''}`,
          measured: fmt(r.recall, 2),
          reference: '',
          ratio: '',
          aim: chosen ? `>= ${RECALL_AIM}` : '',
          met: chosen ? r.recall >= RECALL_AIM : null,
        },
      );
    }
    return rows;
  },
};

// `bun scripts/bench/faces-precision.ts`: the figures alone, without the rest of the bench.
if (import.meta.main) {
  const photos = await describeLabelledSet(console.log);
  for (const threshold of [MATCH_THRESHOLD, 0.6, 0.5]) {
    const { mistakes: _, ...r } = precisionRecall(photos, threshold);
    console.log(threshold, JSON.stringify(r));
  }
}
