export * from './catalog.ts';
export * from './mail.ts';
export * from './region.ts';
export * from './users.ts';
export * from './auth.ts';
