import fs from 'node:fs';
import path from 'node:path';
import { outlineSvgText, svgFilesUnder } from './svg-text-outlines';

/**
 * Draws the words of the hand-drawn artwork under public/static (banners, logos, icons) as outlines, in place
 * (svg-text-outlines.ts says why); the generated game art is outlined by its generator. A file already outlined is
 * left as it is. `--check` writes nothing and fails when a file still has text it could outline.
 */
const check = process.argv.includes('--check');
const stale: string[] = [];
for (const file of svgFilesUnder(path.resolve('public/static'))) {
  const current = fs.readFileSync(file, 'utf8');
  const outlined = outlineSvgText(current);
  if (outlined === current) continue;
  stale.push(path.relative(process.cwd(), file));
  if (!check) fs.writeFileSync(file, outlined);
}
if (check && stale.length > 0) {
  console.error(`${stale.length} artwork files still draw text, e.g. ${stale.slice(0, 3).join(', ')}; run npm run art:outline`);
  process.exit(1);
}
console.log(check ? 'every artwork file draws its words as outlines' : `${stale.length} artwork files outlined`);
