import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A thread running a worker file that sits beside the caller: the compiled .js from dist/, or,
 * under tsx and Vitest, the .ts source loaded through tsx's API (a plain worker cannot read
 * TypeScript). `name` is the file's name without its extension; `from` is the caller's
 * import.meta.url.
 */
export function startWorkerFile(name: string, from: string): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from));
  const source = new URL(`./${name}.ts`, from).href;
  // require.resolve finds the package's CommonJS entry; its ES module entry sits beside it.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(from)}))`;
  return new Worker(boot, { eval: true });
}
