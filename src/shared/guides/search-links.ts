/** Lower-case, ASCII, hyphen-separated: "Fine Line" → "fine-line", "Neo-Traditional" → "neo-traditional". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type SearchKind = 'tattoo' | 'piercing';

/** The artist search pre-filtered to one style, which every guide card links to. */
export function styleSearchUrl(kind: SearchKind, styleName: string): string {
  return `/artists?${new URLSearchParams({ kind, style: slugify(styleName) }).toString()}`;
}
