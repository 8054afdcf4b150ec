// Worker entry: tsx does not reach worker threads by itself, so register it here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./bench-worker.ts');
