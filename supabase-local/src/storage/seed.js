// Local seeding: copies `<dir>/<bucket>/<name>` files into the store and records them in
// storage.objects (as the superuser pool, like a service-role upload), skipping objects that
// already exist. Used once after supabase/seed.sql ran, so the seeded image URLs resolve.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectType } from './content.js';
import { filePath } from './files.js';
import { validateBucketId, validateKey } from './validate.js';

/**
 * @param {import('./types.js').StorageDeps} deps
 * @param {string} dir
 * @returns {Promise<number>} how many files were added
 */
export async function seedFiles(deps, dir) {
  let added = 0;
  let buckets;
  try {
    buckets = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const b of buckets.filter((d) => d.isDirectory())) {
    const bucket = validateBucketId(b.name);
    const files = (await readdir(path.join(dir, b.name), { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    for (const f of files) {
      const abs = path.join(f.parentPath ?? f.path, f.name);
      const key = validateKey(path.relative(path.join(dir, b.name), abs).split(path.sep).join('/'));
      const bytes = await readFile(abs);
      const metadata = {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        size: bytes.length,
        mimetype: (await detectType(bytes)) || 'application/octet-stream',
        cacheControl: 'max-age=3600',
        lastModified: new Date().toISOString(),
        contentLength: bytes.length,
        httpStatusCode: 200,
      };
      const { rowCount } = await deps.pool.query(
        `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, $4)
         on conflict (bucket_id, name) do nothing`,
        [bucket, key, metadata, randomUUID()],
      );
      if (rowCount) {
        const dest = filePath(deps.root, bucket, key);
        await mkdir(path.dirname(dest), { recursive: true });
        await writeFile(dest, bytes);
        added++;
      }
    }
  }
  if (added) deps.log(`[storage] seeded ${added} file(s) from ${dir}`);
  return added;
}
