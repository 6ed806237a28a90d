import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESIGN_STYLES, type TDesignStyle } from '../../../shared/contracts/designs.ts';
import { designSeed, escapeXml, generateStencil, letteringFor, MOTIFS, motifsFor, STYLE_IDIOMS, type StencilInput } from './stencil.ts';

const input = (overrides: Partial<StencilInput> = {}): StencilInput => ({
  prompt: 'a rose and a swallow',
  style: 'traditional',
  colour: 'colour',
  placement: 'forearm',
  size: 'medium',
  seed: 1234,
  ...overrides,
});

const widths = (svg: string) => [...svg.matchAll(/stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('stencil generator', () => {
  it('draws valid SVG that librsvg parses, for every style, colour and size', async () => {
    for (const style of DESIGN_STYLES) {
      for (const colour of ['colour', 'black-and-grey'] as const) {
        const { svg } = generateStencil(input({ style, colour, size: 'large', prompt: 'a koi, a dagger and "mum"' }));
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), style).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect([meta.format, meta.width, meta.height], style).toEqual(['svg', 512, 512]);
      }
    }
  });

  it('is deterministic per seed, and differs between seeds', () => {
    expect(generateStencil(input()).svg).toBe(generateStencil(input()).svg);
    expect(generateStencil(input({ seed: 1235 })).svg).not.toBe(generateStencil(input()).svg);
    const seeds = [0, 1, 2, 3].map((p) => designSeed(99, p));
    expect(new Set(seeds).size).toBe(4);
    expect(seeds).toEqual([0, 1, 2, 3].map((p) => designSeed(99, p)));
  });

  it('draws each style in its idiom: bold outlines, fine lines, dotwork, symmetry, fills', () => {
    const svgOf = (style: TDesignStyle, colour: 'colour' | 'black-and-grey' = 'colour') => generateStencil(input({ style, colour, prompt: 'a rose' })).svg;
    // Widths on the page: the motif is drawn at 3.1× with lines divided to match.
    const pageWidth = (style: TDesignStyle) => Math.max(...widths(svgOf(style)).filter((w) => w < 10)) * 3.1;
    expect(STYLE_IDIOMS.traditional.outline).toBeGreaterThanOrEqual(3 * STYLE_IDIOMS['fine-line'].outline);
    expect(pageWidth('traditional')).toBeGreaterThan(pageWidth('fine-line') * 3);
    expect(svgOf('geometric')).toContain('class="dotwork"');
    expect(svgOf('blackwork')).toContain('class="dotwork"');
    expect(svgOf('fine-line')).not.toContain('class="dotwork"');
    expect(svgOf('geometric')).toContain('class="rays"');
    expect(svgOf('japanese')).toContain('class="waves"');
    expect(svgOf('realism')).toContain('class="hatching"');
    expect(svgOf('watercolor')).toContain('class="wash"');
    expect(svgOf('watercolor', 'black-and-grey')).not.toContain('class="wash"');
    expect(STYLE_IDIOMS.geometric.symmetry).toBeGreaterThanOrEqual(6);
    // Fine line and minimalist are outlines only; traditional fills with its palette.
    for (const style of ['fine-line', 'minimalist'] as const) expect(svgOf(style)).not.toMatch(/<path[^>]*fill="#(?!ffffff)[0-9a-f]{6}"[^>]*stroke=/);
    expect(svgOf('traditional')).toMatch(/fill="#(c0392b|2e7d32|f1c40f|1f3a93)"/);
    expect(svgOf('traditional', 'black-and-grey')).not.toMatch(/fill="#(c0392b|f1c40f|1f3a93)"/);
    expect(svgOf('blackwork')).toMatch(/class="motif[^"]*"[^>]*><path[^>]*fill="#111111"|fill="#111111"/);
  });

  it('picks motifs from the words of the prompt, in order', () => {
    expect(motifsFor('A koi fish under a crescent moon with roses')).toEqual(['fish', 'moon', 'flower']);
    expect(generateStencil(input({ prompt: 'a snake around a dagger' })).motifs[0]).toBe('snake');
    expect(motifsFor('something abstract')).toEqual([]);
    // With nothing recognised, the seed still picks a motif.
    const picked = [1, 2, 3, 4, 5, 6].map((seed) => generateStencil(input({ prompt: 'something abstract', seed })).motifs[0]!);
    for (const m of picked) expect(MOTIFS).toContain(m);
    expect(new Set(picked).size).toBeGreaterThan(1);
  });

  it('letters only quoted text, escaped, and at most 24 characters', () => {
    expect(letteringFor('a banner saying "Mum & Dad"')).toBe('Mum & Dad');
    expect(letteringFor('no quotes here')).toBeNull();
    expect(letteringFor('“forever young and wild and free always”')).toHaveLength(24);
    const { svg } = generateStencil(input({ prompt: 'a banner "</text><script>alert(1)</script>"' }));
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(escapeXml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('never puts the prompt itself in the markup (only quoted lettering)', () => {
    const { svg } = generateStencil(input({ prompt: 'a rose for my grandmother Evelyn' }));
    expect(svg).not.toContain('Evelyn');
    expect(svg).toContain('aria-label="Stencil sketch: Traditional flower');
  });
});
