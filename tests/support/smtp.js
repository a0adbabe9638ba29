// A real SMTP server the tests run themselves: the portal sends its mails here and the tests read
// them. CommonJS so that jest (API tests) and node ESM (browser tests) both load it.
const { SMTPServer } = require('smtp-server');

function decodePart(headers, body) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The readable text of a raw MIME message: every part decoded and joined. */
function mailText(raw) {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodePart(headers, body);
  return body
    .split(`--${boundary}`)
    .filter((part) => part.trim() && !part.startsWith('--'))
    .map((part) => mailText(part.replace(/^\r?\n/, '')))
    .join('\n');
}

/** Waits for a mail to `to`, received at `since` or later, that `match` accepts; the newest wins. */
async function waitForMail(mails, to, { since = 0, match = () => true, timeoutMs = 20000 } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.filter((m) => m.to.includes(to) && m.at >= since && match(m)).sort((a, b) => b.at - a.at)[0];
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${mails.length})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startSmtp() {
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
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? '',
          raw,
          text: mailText(raw),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  // A portal stopped in the middle of a mail (the unavailable journey kills its backend) resets its connection: not an error of the test.
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    /** Waits for a mail to `address` that matches `predicate`. */
    waitForMail: (address, predicate = () => true, timeoutMs = 20000) => waitForMail(mails, address, { match: predicate, timeoutMs }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

module.exports = { startSmtp, mailText, waitForMail };
