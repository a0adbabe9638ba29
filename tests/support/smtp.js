// CommonJS so that jest (API tests) and node ESM (browser tests) can both load it.
// A real SMTP server for tests: receives the portal's mails and keeps them for assertions
// (in memory, and as JSON files in `dir` when another process needs to read them).
const fs = require('node:fs');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');

async function startSmtp({ dir } = {}) {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeBody(raw), at: Date.now() };
        mails.push(mail);
        if (dir) fs.writeFileSync(path.join(dir, `${Date.now()}-${mails.length}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Subject and body of a raw message, quoted-printable and base64 parts decoded. */
function decodeBody(raw) {
  raw = raw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc, text) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return Buffer.from(qp, 'latin1').toString('utf8') + '\n' + b64;
}

/** Waits for a mail to an address (from memory or from a folder of JSON mails). */
async function waitForMail(source, to, { since = 0, timeoutMs = 10000 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const all = Array.isArray(source)
      ? source
      : fs.readdirSync(source).map((f) => JSON.parse(fs.readFileSync(path.join(source, f), 'utf8')));
    const found = all.filter((m) => m.to.includes(to) && m.at >= since).sort((a, b) => b.at - a.at)[0];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

module.exports = { startSmtp, decodeBody, waitForMail };
