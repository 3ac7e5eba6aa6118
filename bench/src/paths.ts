import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Drawn pictures and seeded benchmark databases, kept between runs (git-ignored). */
export const CACHE_DIR = path.join(REPO_ROOT, 'bench', '.cache');
export const REPORTS_DIR = path.join(REPO_ROOT, 'bench', 'reports');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
