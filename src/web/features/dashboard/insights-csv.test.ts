import { describe, expect, it } from 'vitest';
import { csvCell, csvOf } from './insights-csv.ts';

describe('insights CSV', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
  });

  it('writes a header and one line per row, numbers raw', () => {
    const csv = csvOf([{ day: '2026-03-01', views: 3 }, { day: '2026-03-02', views: null }], [{ key: 'day', label: 'Day' }, { key: 'views', label: 'Profile views' }]);
    expect(csv).toBe('Day,Profile views\r\n2026-03-01,3\r\n2026-03-02,\r\n');
  });
});
