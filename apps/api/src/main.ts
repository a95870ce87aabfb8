import { start } from './server.ts';

await start({ web: process.argv.includes('--no-web') ? 'none' : 'build' });
