// Records in package-lock.json the platform-specific optional packages of other platforms
// (macOS, Windows, ARM…) that npm leaves out when its registry does not serve them, as this
// project's build machines' registry does not. Without them `npm ci` refuses the lock file
// ("Missing: <pkg>@ from lock file") everywhere. Each entry carries its os/cpu/libc, so npm
// skips it on other platforms without fetching it. Run after changing dependencies:
//   npm install && node infra/scripts/complete-lockfile.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};

/** os, cpu and libc from a platform package name such as `core-linux-arm-gnueabihf`. */
function platformOf(name) {
  const parts = path.basename(name).split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return undefined;
  const libc =
    os === 'linux'
      ? parts.some((p) => p.startsWith('musl'))
        ? 'musl'
        : parts.some((p) => p.startsWith('gnu'))
          ? 'glibc'
          : undefined
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  if (!location.startsWith('node_modules/') || !entry.optionalDependencies) continue;
  for (const [dep, version] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${dep}`;
    if (packages[target] || packages[`${location}/node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries recorded`);
