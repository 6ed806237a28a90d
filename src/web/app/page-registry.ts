type Importer = () => Promise<{ default: React.ComponentType }>;

/** Page module loaders by route pattern, filled by routes.tsx, so likely next pages can be fetched ahead (spec §2). */
export const pageImporters = new Map<string, Importer>();
