// After `tsc -b`: gives each service its documented entry `dist/services/<name>/main.js` and copies
// the non-TypeScript assets (mail templates) next to the compiled code.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
for (const name of fs.readdirSync(path.join(root, 'services'))) {
  const compiled = path.join(root, 'dist/services', name, 'src/main.js');
  if (!fs.existsSync(compiled)) continue;
  fs.writeFileSync(path.join(root, 'dist/services', name, 'main.js'), "require('./src/main.js');\n");
}
for (const base of ['services', 'libs']) {
  for (const name of fs.readdirSync(path.join(root, base))) {
    copyAssets(path.join(root, base, name, 'src'), path.join(root, 'dist', base, name, 'src'));
    // Templates a service ships beside its sources (services/alerts/templates).
    copyAssets(path.join(root, base, name, 'templates'), path.join(root, 'dist', base, name, 'templates'));
  }
}

function copyAssets(from, to) {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    if (entry.isDirectory()) copyAssets(src, path.join(to, entry.name));
    else if (/\.(hbs|json|csv)$/.test(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(src, path.join(to, entry.name));
    }
  }
}
