import { afterEach, describe, expect, it } from 'vitest';
import { importerFor, pageImporters } from './page-registry.ts';

const page = () => Promise.resolve({ default: () => null });

describe('importerFor', () => {
  afterEach(() => pageImporters.clear());

  it('picks the page navigation would render: a static segment beats a parameter, whatever the order', () => {
    const profile = page.bind(null);
    const wizard = page.bind(null);
    pageImporters.set('/artist/:slug', profile);
    pageImporters.set('/artist/create', wizard);
    expect(importerFor('/artist/create')).toBe(wizard);
    expect(importerFor('/artist/grace-okafor')).toBe(profile);
    expect(importerFor('/nowhere/at/all')).toBeNull();
  });
});
