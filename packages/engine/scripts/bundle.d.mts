/** The path of the esbuild bundle of `entry` (a path under the engine's src/) at dist/`name`, built first when it
 * is missing or older than the newest source file. */
export function engineBundle(entry: string, name: string): Promise<string>;
/** The newest modification time (ms) of any file under `dir` (the engine's src/ by default). */
export function newestMtimeMs(dir?: string): Promise<number>;
