export * from './auth.ts';
export * from './marketplace.ts';
export * from './platform.ts';
