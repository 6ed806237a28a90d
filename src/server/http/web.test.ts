import { describe, expect, it } from 'vitest';
import { compileTemplate } from './web.ts';

const TEMPLATE = '<html lang="en" data-app-attrs><head><title>x</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script src="/a.js"></script></body></html>';

describe('compileTemplate', () => {
  const fill = compileTemplate(TEMPLATE);

  it('puts each part where its marker was', () => {
    expect(fill({ ' data-app-attrs': '', '<!--app-head-->': '<meta>', '<!--app-html-->': '<p>hi</p>', '<!--app-state-->': '<script>1</script>' })).toBe(
      '<html lang="en"><head><title>x</title><meta></head><body><div id="root"><p>hi</p></div><script>1</script><script src="/a.js"></script></body></html>',
    );
  });

  it("keeps `$` patterns in user text as they are (String.replace would expand $`, $' and $&)", () => {
    for (const name of ["Ink $` Co", "Ink $' Co", 'Ink $& Co', 'Ink $$ $1 $<x> Co']) {
      const page = fill({ ' data-app-attrs': '', '<!--app-head-->': `<title>${name}</title>`, '<!--app-html-->': `<h1>${name}</h1>`, '<!--app-state-->': JSON.stringify({ name }) });
      expect(page).toContain(`<title>${name}</title>`);
      expect(page).toContain(`<h1>${name}</h1>`);
      expect(page).toContain(JSON.stringify({ name }));
      expect(page.match(/<script src="\/a.js">/g)).toHaveLength(1);
      const [before, after] = TEMPLATE.replace(' data-app-attrs', '').split('<!--app-head-->');
      expect(page.startsWith(`${before}<title>${name}</title>`)).toBe(true);
      expect(page.endsWith(after!.split('<!--app-state-->')[1]!)).toBe(true);
    }
  });

  it('fills a marker that appears inside user text only once', () => {
    const page = fill({ ' data-app-attrs': '', '<!--app-head-->': '<!--app-html-->', '<!--app-html-->': 'body', '<!--app-state-->': '' });
    expect(page).toContain('<title>x</title><!--app-html--></head>');
    expect(page).toContain('<div id="root">body</div>');
    expect(page.match(/<!--app-html-->/g)).toHaveLength(1);
  });

  it('refuses a template without each marker exactly once', () => {
    expect(() => compileTemplate(' data-app-attrs<!--app-head--><!--app-html-->')).toThrow(/app-state/);
    expect(() => compileTemplate(' data-app-attrs<!--app-head--><!--app-head--><!--app-html--><!--app-state-->')).toThrow(/app-head/);
  });
});
