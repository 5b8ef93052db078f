import { describe, expect, it } from 'vitest';
import { ATTACKS, picture } from '../../test/pictures.ts';
import { band, bandProbes, hammingDistance, hashImage, isNearCopy } from './phash.ts';

describe('perceptual hashes (issue #31, repost detection)', () => {
  it('the band probes reach every value within one bit', () => {
    const probes = bandProbes(0b1010);
    expect(new Set(probes).size).toBe(17);
    expect(probes.every((v) => hammingDistance(BigInt(v), 0b1010n) <= 1)).toBe(true);
    expect(band(-1n, 0)).toBe(0xffff);
    expect(band(0x0001_0002_0003_0004n, 2)).toBe(3);
  });

  it('catches at least 95% of attacked copies and matches none of 200 distinct pictures', async () => {
    const originals = await Promise.all(Array.from({ length: 200 }, (_, i) => picture(i + 1)));
    const hashes = [];
    for (const img of originals) hashes.push(await hashImage(img));
    // No two distinct pictures are near copies (19,900 pairs).
    let falseMatches = 0;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) if (isNearCopy(hashes[i], hashes[j].hashes)) falseMatches++;
    expect(falseMatches).toBe(0);
    // Each attack on the first 40 pictures: the copy's hashes against the original's.
    const caught: Record<string, number> = {};
    let total = 0;
    let found = 0;
    for (const [name, attack] of Object.entries(ATTACKS)) {
      caught[name] = 0;
      for (let i = 0; i < 40; i++) {
        const copy = await hashImage(await attack(originals[i]));
        total++;
        if (isNearCopy(copy, hashes[i].hashes)) {
          found++;
          caught[name]++;
        }
      }
    }
    expect(found / total, JSON.stringify(caught)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
