export * from './auth.ts';
export * from './catalog.ts';
export * from './mail.ts';
export * from './region.ts';
export * from './users.ts';
