import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlineSvgText, svgFilesUnder } from '../../../scripts/svg-text-outlines';

/** The x extent of a path drawn by the outliner: absolute moves, then relative steps. */
const xExtent = (d: string): [number, number] => {
  const xs: number[] = [];
  let x = 0;
  for (const [, command, args] of d.matchAll(/([MlqcZz])([^MlqcZz]*)/g)) {
    const numbers = args!.trim().split(/\s+/).filter(Boolean).map(Number);
    if (command === 'M') x = numbers[0]!;
    else if (command !== 'z' && command !== 'Z') {
      for (let i = 0; i < numbers.length; i += 2) xs.push(x + numbers[i]!);
      x += numbers[numbers.length - 2] ?? 0;
    }
    xs.push(x);
  }
  return [Math.min(...xs), Math.max(...xs)];
};

describe('the demo artwork draws its words as outlines (issue 15: a phone lays out and shapes every SVG image’s text on its main thread)', () => {
  it('no SVG under public/static has text left that the outliner could draw', () => {
    const withText = svgFilesUnder(path.resolve('public/static')).filter((file) => {
      const svg = fs.readFileSync(file, 'utf8');
      return outlineSvgText(svg) !== svg;
    });
    expect(withText).toEqual([]);
  });

  it('draws a text as a path in its place, keeping its paint, centred on x for text-anchor middle', () => {
    const svg = outlineSvgText('<text x="100" y="40" text-anchor="middle" font-family="Arial" font-size="30" font-weight="900" fill="#fff" stroke="#000" paint-order="stroke">WIN 7</text>');
    const [, d, rest] = svg.match(/^<path d="([^"]+)"(.*)\/>$/)!;
    expect(rest).toBe(' fill="#fff" stroke="#000" paint-order="stroke"');
    const [left, right] = xExtent(d!);
    expect(Math.abs((left + right) / 2 - 100)).toBeLessThan(3);
    expect(right - left).toBeGreaterThan(60);
  });

  it('draws card suits and the dong sign, decodes entities, and leaves text it has no glyph for as text', () => {
    expect(outlineSvgText('<text x="0" y="20" font-size="34">♥♠♦♣₫</text>')).toMatch(/^<path d="M/);
    expect(outlineSvgText('<text x="0" y="20" font-size="12">R&amp;D</text>')).toBe(outlineSvgText('<text x="0" y="20" font-size="12">R&#38;D</text>'));
    const chinese = '<text x="0" y="20" font-size="12">大奖</text>';
    expect(outlineSvgText(chinese)).toBe(chinese);
  });
});
