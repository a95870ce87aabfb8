import { start } from './server.ts';

await start({ web: 'vite' });
