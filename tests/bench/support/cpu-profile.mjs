// CPU profile of a child process started with --inspect=127.0.0.1:<port>, taken over the inspector
// protocol for just the load window (a --cpu-prof file would cover start-up and the seed too),
// and a summary of self time by function and by package.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './platform.mjs';

/** Connects to the inspector of a process; returns start() and stop() -> the .cpuprofile object. */
export async function attachProfiler(inspectPort) {
  const [target] = await fetch(`http://127.0.0.1:${inspectPort}/json/list`).then((r) => r.json());
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: () => send('Profiler.start'),
    async stop() {
      const { profile } = await send('Profiler.stop');
      await send('Profiler.disable').catch(() => undefined);
      ws.close();
      return profile;
    },
  };
}

function where(callFrame) {
  const url = callFrame.url ?? '';
  if (!url) return '';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const relative = file.startsWith(ROOT) ? path.relative(ROOT, file) : file;
  return `${relative}:${callFrame.lineNumber + 1}`;
}

/** Groups a file into what a reader can act on: a package, a portal file, Node core, or V8 itself. */
function areaOf(callFrame) {
  const url = callFrame.url ?? '';
  if (!url) return callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native/V8 builtins)';
  if (url.startsWith('node:')) return `node core: ${url.slice(5).split('/')[0]}`;
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + 14).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (file.startsWith(ROOT)) {
    const parts = path.relative(ROOT, file).split(path.sep);
    return parts[0] === 'dist' ? `portal: ${parts.slice(1, 3).join('/')}` : `portal: ${parts.slice(0, 2).join('/')}`;
  }
  return file;
}

/** Self time (ms and %) per function and per area, largest first. */
export function summarizeProfile(profile, { top = 25 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map();
  // samples[i] was taken after timeDeltas[i] µs: charge that interval to the sampled node.
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    selfMs.set(profile.samples[i], (selfMs.get(profile.samples[i]) ?? 0) + dt);
  }
  // Percentages are of busy time: the idle share says how far from saturated the process was.
  let idleMs = 0;
  for (const [id, ms] of selfMs) if (byId.get(id).callFrame.functionName === '(idle)') idleMs += ms;
  const wall = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const total = wall - idleMs || 1;
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // A native builtin (writev, writeUtf8String...) says little alone: name the JS function that called it.
  const jsCaller = (id) => {
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
      const frame = byId.get(p).callFrame;
      if (frame.url) return `${frame.functionName || '(anonymous)'} ${where(frame)}`;
    }
    return '';
  };
  const functions = new Map();
  const areas = new Map();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') continue;
    const native = !frame.url && !frame.functionName.startsWith('(');
    const at = native ? `<- ${jsCaller(id)}` : where(frame);
    const key = `${frame.functionName || '(anonymous)'}  ${at}`;
    const f = functions.get(key) ?? { name: frame.functionName || '(anonymous)', where: at, area: areaOf(frame), ms: 0 };
    f.ms += ms;
    functions.set(key, f);
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + ms);
  }
  const pct = (ms) => (100 * ms) / total;
  return {
    wallMs: wall,
    busyMs: total,
    idleMs,
    functions: [...functions.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ ...f, pct: pct(f.ms) })),
    areas: [...areas]
      .map(([area, ms]) => ({ area, ms, pct: pct(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

/** Inclusive time of frames whose file matches a pattern (portal code on the hot path, say). */
export function inclusiveByFunction(profile, filePattern, { top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sampleMs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    sampleMs.set(profile.samples[i], (sampleMs.get(profile.samples[i]) ?? 0) + dt);
  }
  let total = 0;
  for (const [id, ms] of sampleMs) if (byId.get(id).callFrame.functionName !== '(idle)') total += ms;
  total ||= 1;
  const inclusive = new Map();
  for (const [leaf, ms] of sampleMs) {
    const seen = new Set();
    for (let id = leaf; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id).callFrame;
      if (!filePattern.test(frame.url ?? '')) continue;
      const key = `${frame.functionName || '(anonymous)'}  ${where(frame)}`;
      if (seen.has(key)) continue; // recursion counts once
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  return [...inclusive]
    .map(([fn, ms]) => ({ fn, ms, pct: (100 * ms) / total }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/**
 * Writes a profile to `file` (kept for Chrome DevTools or speedscope) and prints what it says: CPU per
 * request, the busy share, self time by area and by function, and the portal's own code inclusive.
 */
export function printProfile(name, profile, file, requests, { top = 20 } = {}) {
  fs.writeFileSync(file, JSON.stringify(profile));
  const s = summarizeProfile(profile, { top });
  console.log(`\n--- CPU profile: ${name} (${file})`);
  console.log(`CPU per HTTP request in this process: ${(s.busyMs / Math.max(1, requests)).toFixed(3)} ms (busy time / requests answered)`);
  console.log(
    `busy ${(s.busyMs / 1000).toFixed(1)} s of ${(s.wallMs / 1000).toFixed(1)} s sampled (idle ${((100 * s.idleMs) / (s.wallMs || 1)).toFixed(0)} %); self time, % of busy:`,
  );
  console.log('by area:');
  for (const a of s.areas.slice(0, 14)) console.log(`  ${a.pct.toFixed(1).padStart(5)} %  ${a.area}`);
  console.log('top functions:');
  for (const f of s.functions) console.log(`  ${f.pct.toFixed(1).padStart(5)} %  ${f.name}  ${f.where}`);
  const portal = inclusiveByFunction(profile, /\/dist\/(services|libs)\//, { top: 15 });
  if (portal.length) console.log('portal code, inclusive time (% of busy):');
  for (const f of portal) console.log(`  ${f.pct.toFixed(1).padStart(5)} %  ${f.fn}`);
}

/** Where a benchmark keeps a profile: a new file in the temporary folder, named after the bench and what was profiled. */
export const profileFile = (bench, name) => path.join(os.tmpdir(), `${bench}-${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`);

/** Attaches to a process's inspector and starts profiling at once. */
export async function startProfiler(inspectPort) {
  const profiler = await attachProfiler(inspectPort);
  await profiler.start();
  return profiler;
}
