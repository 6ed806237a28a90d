import { describe, expect, it } from 'vitest';
import { paperColour, removePaper } from './paper.ts';

/** A w×h RGBA image of one colour, with pixels set by (x, y). */
function image(w: number, h: number, fill: [number, number, number, number], set: Record<string, [number, number, number, number]> = {}) {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) data.set(set[`${x},${y}`] ?? fill, (y * w + x) * 4);
  }
  return data;
}

describe('remove the paper', () => {
  it('reads the paper colour from the border, whatever is drawn in the middle', () => {
    const data = image(5, 5, [243, 236, 224, 255], { '2,2': [0, 0, 0, 255], '0,0': [10, 10, 10, 255] });
    expect(paperColour(data, 5, 5)).toEqual([243, 236, 224]);
  });

  it('clears the paper, keeps the ink, and fades what lies in between', () => {
    const data = image(3, 1, [0, 0, 0, 0], {
      '0,0': [243, 236, 224, 255], // paper
      '1,0': [20, 20, 20, 255], // ink
      '2,0': [183, 176, 164, 255], // a soft edge: 60 away from the paper
    });
    removePaper(data, [243, 236, 224]);
    expect([data[3], data[7], data[11]]).toEqual([0, 255, 128]);
    // The colours themselves are untouched.
    expect([...data.subarray(4, 7)]).toEqual([20, 20, 20]);
  });

  it('finds no paper on a cut-out (mostly transparent edge)', () => {
    expect(paperColour(image(4, 4, [0, 0, 0, 0], { '1,1': [0, 0, 0, 255] }), 4, 4)).toBeNull();
  });

  it('leaves transparent pixels transparent', () => {
    const data = image(1, 1, [0, 0, 0, 0]);
    removePaper(data, [255, 255, 255]);
    expect(data[3]).toBe(0);
  });
});
