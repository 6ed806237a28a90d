export * from './auth.ts';
export * from './marketplace.ts';
export * from './platform.ts';
export * from './booking.ts';
export * from './favourites.ts';
export * from './messaging.ts';
